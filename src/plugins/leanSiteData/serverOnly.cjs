// @ts-check
/**
 * What src/plugins/leanSiteData drops from the generated modules every page's main.js carries
 * (a loader and the plugin share it, so this one file is CommonJS).
 */

/**
 * siteConfig fields only Node reads: the page template (used when pages are written), the head
 * tags (written into the HTML) and the plugin configuration. No browser code of Docusaurus 3.10.2
 * or of this site reads them (tests/unit/lean-site-data.test.ts).
 */
const serverOnlyConfigFields = ['ssrTemplate', 'headTags', 'presets', 'plugins', 'themes'];

/**
 * Theme translations of components this site never ships: the blog and the tags pages (no blog, no
 * tags), theme-search-algolia's search page, DocCard lists, and the strings of theme components
 * replaced by our own (src/theme: NotFound/Content, CodeBlock's copy button, BackToTopButton),
 * which have their own `site.*` strings. The build fails if a bundle still names one of them
 * (the plugin's postBuild): a component using a dropped id would show its English default.
 */
const unusedTranslation = [
  /^theme\.blog\./,
  /^theme\.tags\.tagsPage/,
  /^theme\.SearchPage\./,
  /^theme\.docs\.tagDocListPageTitle(\.|$)/,
  /^theme\.docs\.DocCard\./,
  /^theme\.NotFound\.p[12]$/,
  /^theme\.CodeBlock\.(copied|copy|copyButtonAriaLabel)$/,
  /^theme\.BackToTopButton\./,
];

/** @param {string} id */
function isUnusedTranslation(id) {
  return unusedTranslation.some((pattern) => pattern.test(id));
}

module.exports = {serverOnlyConfigFields, isUnusedTranslation};
