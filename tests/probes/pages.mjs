// Where a Chinese page's English twin lives (WRITING.md, "Where a page lives").
/** @param {string} zh `docs/…` or `versioned_docs/v5/…` */
export function enTwin(zh) {
  if (zh.startsWith('docs/')) return `i18n/en/docusaurus-plugin-content-docs/current/${zh.slice('docs/'.length)}`;
  if (zh.startsWith('versioned_docs/v5/')) return `i18n/en/docusaurus-plugin-content-docs-v5/current/${zh.slice('versioned_docs/v5/'.length)}`;
  throw new Error(`not a page path: ${zh}`);
}
