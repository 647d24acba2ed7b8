/**
 * What the lab proved, under the example it ran. `npm run lab` runs the site's
 * complete examples through v2ray (5.52.0, the release the site documents) in a loopback-only
 * network namespace (tests/lab/); each scenario says once, in Chinese and English, what its run
 * shows, and the lab keeps src/data/labProofs.json in step with the scenarios, each entry with the
 * release that ran it (it fails when the file is stale). This
 * remark plugin reads that file (never tests/) and, after every code block whose fence meta has
 * `lab=ID`, adds a paragraph `<p class="lab-proof">` with the sentence in the page's language.
 * A block whose ID has no entry (an example the lab cannot run) gets nothing.
 */
import proofs from '../../data/labProofs.json';
import {pageRootOf} from '../../../builder/content/files.mjs';
import type {Lang} from '../../utils/lang';

export type LabProof = {lab: string; page: string; scenario: string; release: string; zh: string; en: string};
type MdNode = {type: string; lang?: string | null; meta?: string | null; value?: string; children?: MdNode[];
  data?: Record<string, unknown>};
type VFileLike = {path?: string; history?: string[]};

export const proofClassName = 'lab-proof';
/** The note's opening, naming the release(s) that ran the example ("5.52.0"). */
const prefix = {
  zh: (release: string) => `本站测试用 v2ray ${release} 运行过此示例：`,
  en: (release: string) => `Run by this site's tests with v2ray ${release}: `,
};

/** The `lab=ID` of a fence's meta, or null. */
export function labId(meta: string | null | undefined): string | null {
  return /(?:^|\s)lab=([\w-]+)/.exec(meta ?? '')?.[1] ?? null;
}

/** The note's text for one example in one language; null when the lab did not run it. */
export function proofText(list: readonly LabProof[], id: string, lang: Lang): string | null {
  const mine = list.filter((p) => p.lab === id);
  if (!mine.length) return null;
  const sentences = mine.map((p) => {
    const s = p[lang].trim();
    if (lang === 'zh') return /[。！？]$/.test(s) ? s : `${s}。`;
    return /[.!?]$/.test(s) ? s : `${s}.`;
  });
  const releases = [...new Set(mine.map((p) => p.release))].join(lang === 'zh' ? '、' : ', ');
  return `${prefix[lang](releases)}${sentences.join(lang === 'zh' ? '' : ' ')}`;
}

/** The page's language from its file path (Chinese when the path is not in a page folder). */
export function langOf(path: string | undefined): Lang {
  return pageRootOf(path ?? '')?.lang ?? 'zh';
}

/** Inserts the notes into a Markdown tree (mutates it). */
export function addProofs(tree: MdNode, list: readonly LabProof[], lang: Lang): void {
  const children = tree.children;
  if (!children) return;
  for (let i = 0; i < children.length; i += 1) {
    const node = children[i] as MdNode;
    if (node.type === 'code') {
      const id = labId(node.meta);
      const text = id && proofText(list, id, lang);
      if (text) {
        children.splice(i + 1, 0, {type: 'paragraph', data: {hProperties: {className: [proofClassName]}},
          children: [{type: 'text', value: text}]});
        i += 1;
      }
    } else addProofs(node, list, lang);
  }
}

export default function remarkLabProofs() {
  return (tree: MdNode, file: VFileLike): void => {
    addProofs(tree, proofs as LabProof[], langOf(file.path ?? file.history?.[0]));
  };
}
