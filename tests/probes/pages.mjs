// Where a Chinese page's English twin lives: the page map's (builder/content/files.mjs).
import {pageRootOf, twinOf} from '../../builder/content/files.mjs';

/** @param {string} zh `docs/…` or `versioned_docs/v5/…` */
export function enTwin(zh) {
  const twin = pageRootOf(zh)?.lang === 'zh' ? twinOf(zh) : null;
  if (twin === null) throw new Error(`not a page path: ${zh}`);
  return twin;
}
