// The bench measures zh-CN pages as readers see them, and every phone or computer in mainland
// China has a CJK font. Without one, Chromium looks for a fallback for each Chinese character
// and finds none: on this machine that made /config/routing.html's first layout five times
// slower (~300 instead of ~60 ms) and the Lighthouse score a matter of the machine, not the site.
// So the bench needs a CJK font; it installs Debian's fonts-noto-cjk (the fonts Android ships)
// when it can, and says so in its results when it cannot.
import {execFileSync} from 'node:child_process';
import {installDebianPackage} from '../debianPackage.cjs';

function cjkFamilies() {
  try {
    return execFileSync('fc-list', [':lang=zh', 'family'], {encoding: 'utf8'}).split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

/** The CJK font family Chromium will use for Chinese text, installing one if needed; null if none. */
export function ensureCjkFont() {
  let families = cjkFamilies();
  if (families.length === 0
    && installDebianPackage('fonts-noto-cjk', 'bench: no CJK font; installing fonts-noto-cjk (apt-get install -y fonts-noto-cjk) ...')) {
    families = cjkFamilies();
  }
  if (families.length === 0) {
    console.warn('bench: WARNING: no CJK font (fc-list :lang=zh is empty). zh-CN pages will lay out far slower '
      + 'than on any reader\'s device; install one (Debian: apt-get install fonts-noto-cjk) for figures that mean something.');
    return null;
  }
  try {
    return execFileSync('fc-match', ['-f', '%{family[0]}', 'sans-serif:lang=zh-cn'], {encoding: 'utf8'}).trim() || families[0];
  } catch {
    return families[0];
  }
}
