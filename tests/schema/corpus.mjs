// The broken-configuration corpus: tests/schema/broken/<v4|v5>/*.jsonc. Each file
// starts with comment lines that say what must happen:
//   // expect: <line>:<column> <the checker's English message>     (one per problem, in order)
//   // expect: nothing                                              (a valid control file)
//   // toolkit 5.52.0: refuses | accepts <why the checker is stricter> (what v2ray 5.52.0 `test`
//   does: -format json for v4 files, jsonv5 for v5; the reason only where the checker disagrees)
// The lines count in the positions, since the checker reads comments as the toolkit does.
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';

export const corpusDir = fileURLToPath(new URL('./broken/', import.meta.url));

/**
 * @typedef {{version: 'v4' | 'v5', name: string, file: string, text: string,
 *   expect: {line: number, column: number, message: string}[],
 *   toolkit: {verdict: 'refuses' | 'accepts', why: string} | null}} CorpusFile
 * @returns {CorpusFile[]}
 */
export function corpus() {
  return /** @type {const} */ (['v4', 'v5']).flatMap((version) => readdirSync(join(corpusDir, version)).filter((n) => n.endsWith('.jsonc')).sort().map((name) => {
    const file = join(corpusDir, version, name);
    const text = readFileSync(file, 'utf8');
    /** @type {CorpusFile['expect']} */
    const expect = [];
    /** @type {CorpusFile['toolkit']} */
    let toolkit = null;
    for (const line of text.split('\n')) {
      const e = /^\/\/ expect: (?:(\d+):(\d+) (.*)|nothing)$/.exec(line);
      if (e && e[1]) expect.push({line: Number(e[1]), column: Number(e[2]), message: /** @type {string} */ (e[3])});
      const t = /^\/\/ toolkit 5\.52\.0: (refuses|accepts)\b\s*(.*)$/.exec(line);
      if (t) toolkit = {verdict: /** @type {'refuses' | 'accepts'} */ (t[1]), why: /** @type {string} */ (t[2])};
    }
    return {version, name, file, text, expect, toolkit};
  }));
}
