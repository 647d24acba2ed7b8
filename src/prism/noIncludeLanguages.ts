/**
 * Stands in for @docusaurus/theme-classic 3.10.2's prism-include-languages client module, which
 * every page runs at load only to import Prism and register additionalLanguages through
 * @theme/prism-include-languages, whose dynamic require also pulls prismjs's whole language
 * registry (~9 KB gzip) into main.js. src/prism registers the docs' languages itself, so without
 * that module Prism and its grammars load with the first code block instead of with every page
 * (src/plugins/leanPrism).
 */
export {};
