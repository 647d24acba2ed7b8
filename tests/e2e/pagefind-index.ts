import {readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {gunzipSync} from 'node:zlib';

/** One page as the local search index holds it (a Pagefind 1.6 fragment). */
export type Fragment = {url: string; content: string; meta: {title?: string}; anchors: {element: string; id: string; text: string}[]};

/**
 * Every page of a built site's local search index: Pagefind writes one gzipped file per page
 * under pagefind/fragment/, JSON after the signature `pagefind_dcd`.
 */
export function readFragments(buildDir: string): Fragment[] {
  const dir = join(buildDir, 'pagefind/fragment');
  return readdirSync(dir).filter((f) => f.endsWith('.pf_fragment')).map((f) => {
    const raw = gunzipSync(readFileSync(join(dir, f))).toString('utf8');
    const signature = 'pagefind_dcd';
    if (!raw.startsWith(signature)) throw new Error(`${f}: not a Pagefind fragment (the format changed?)`);
    return JSON.parse(raw.slice(signature.length)) as Fragment;
  });
}
