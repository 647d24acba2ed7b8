/**
 * Stands in for @docusaurus/theme-classic 3.10.2's prism-include-languages client module, which
 * every page runs at load only to import Prism and hand it to @theme/prism-include-languages
 * (a no-op here: src/prism registers the languages). Without it, Prism and its grammars load
 * with the first code block instead of with every page (src/plugins/leanPrism; issue 6).
 */
export {};
