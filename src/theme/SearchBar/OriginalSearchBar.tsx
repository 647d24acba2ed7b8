/**
 * theme-search-algolia's SearchBar, imported through this module alone so that local builds can
 * leave it out (src/plugins/localSearchUi swaps in ./NoOriginalSearchBar): bundled, it brings
 * DocSearch's whole modal stylesheet into every page's CSS (Docusaurus merges all CSS, lazy or not).
 */
export {default} from '@theme-original/SearchBar';
