// Pages on disk against the page list (facts/pages.json): a page file nobody listed, or a
// listed page whose file is missing in one language, is a half-added page (WRITING.md "Adding a
// page"). Without this, a Chinese file alone passes every other check and the English site
// publishes the Chinese text under /en_US/.
import {expectedFile, pageFiles, pageOfFile} from '../../builder/content/files.mjs';

/**
 * Every page file of the four page folders, relative to the site root, '/'-separated, sorted.
 * @param {string} root site root
 */
export const pageFilesOnDisk = (root) => pageFiles(root).map((p) => p.file).sort();

/**
 * Problems between the page list and the files on disk.
 * @param {readonly string[]} listed routes of facts/pages.json
 * @param {readonly string[]} files page files, as pageFilesOnDisk gives them
 */
export function pageListProblems(listed, files) {
  const problems = [];
  const listedSet = new Set(listed);
  /** @type {Map<string, Set<string>>} route -> languages with a file */
  const onDisk = new Map();
  for (const file of files) {
    const at = pageOfFile(file);
    if (!at) continue;
    if (!onDisk.has(at.page)) onDisk.set(at.page, new Set());
    onDisk.get(at.page)?.add(at.lang);
    if (!listedSet.has(at.page)) {
      problems.push(`${file}: page file not listed in facts/pages.json (add {"path": "${at.page}", "zh": "…", "en": "…"}; WRITING.md "Adding a page")`);
    }
  }
  for (const path of listed) {
    if (path === '/') continue;
    for (const lang of /** @type {const} */ (['zh', 'en'])) {
      if (!onDisk.get(path)?.has(lang)) {
        problems.push(`${path} [${lang}]: page file missing: expected ${expectedFile(path, lang)}.md (or .mdx)`);
      }
    }
  }
  return problems;
}
