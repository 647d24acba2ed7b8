import type {ThemeConfig} from '@docusaurus/preset-classic';
import type {PluginConfig} from '@docusaurus/types';
import searchLocalLean from '../src/plugins/searchLocalLean';
import {devServer} from './devServer';

/**
 * Search (issue 5). Hosted Algolia DocSearch when the build sees DOCSEARCH_APP_ID and
 * DOCSEARCH_API_KEY; otherwise a local index built into the site, so that readers behind
 * filtered networks can search with no third-party host at all.
 */
const appId = process.env.DOCSEARCH_APP_ID;
const apiKey = process.env.DOCSEARCH_API_KEY;
export const searchMode: 'docsearch' | 'local' = appId && apiKey ? 'docsearch' : 'local';

/** Results the local search lists; also read by src/plugins/searchLocalLean. */
const searchResultLimits = 10;

// The dev server has no local search: its index is written only after a production build
// (the plugin's postBuild), so the box could find nothing; dropping it saves compiling lunr.
export const searchThemes: PluginConfig[] = searchMode === 'local' && !devServer
  ? [
    [
      '@easyops-cn/docusaurus-search-local',
      {
        hashed: true,
        language: ['zh', 'en'],
        indexBlog: false,
        indexPages: false,
        docsRouteBasePath: ['/', '/v5'],
        docsDir: ['docs', 'versioned_docs/v5'],
        searchBarShortcutKeymap: 'mod+k',
        searchResultLimits,
        // Keep the stemmer. With removeDefaultStemmer, the plugin (0.55.3) builds the index without
        // it but still stems queries (the saved index keeps 'stemmer' as its search pipeline), so
        // a word the stemmer shortens never matched as typed: "environment variables" and
        // "configuration overview" found nothing (issue 19; bench/search-relevance.md).
        removeDefaultStemmer: false,
        explicitSearchResultPath: true,
        ignoreCssSelectors: ['.doc-contributors', '.doc-checked-against', '.doc-translation-behind'],
      },
    ],
    // Keeps lunr out of every page's first visit (issue 6).
    searchLocalLean({searchResultLimits}),
  ]
  : [];

export const searchThemeConfig: Pick<ThemeConfig, 'algolia'> = searchMode === 'docsearch'
  ? {
    algolia: {
      appId: appId!,
      apiKey: apiKey!,
      indexName: process.env.DOCSEARCH_INDEX_NAME || 'v2fly',
      // Facets: the page's language (zh-CN / en) and both docs instances (v4 and v5).
      contextualSearch: true,
      searchPagePath: false,
    },
  }
  : {};
