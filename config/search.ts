import type {ThemeConfig} from '@docusaurus/preset-classic';
import type {PluginConfig} from '@docusaurus/types';
import localSearchUi, {hostedSearchUi} from '../src/plugins/localSearchUi';

/**
 * Search. Both modes show the DocSearch modal (src/theme/SearchBar):
 * - hosted Algolia DocSearch when the build sees DOCSEARCH_APP_ID and DOCSEARCH_API_KEY, with the
 *   local index as its fallback when the service errors or is slow;
 * - otherwise the local index alone, so that readers behind filtered networks can search with no
 *   third-party host at all.
 * The local index is Pagefind's, written after every production build by
 * builder/search/pagefind.mjs (`npm run build`), one per language, loaded in chunks per query.
 */
const appId = process.env.DOCSEARCH_APP_ID;
const apiKey = process.env.DOCSEARCH_API_KEY;
export const searchMode: 'docsearch' | 'local' = appId && apiKey ? 'docsearch' : 'local';

/**
 * The search page, /search?q=… (/en_US/search in English), in both modes: the theme adds the route
 * and its "See all results" links (useSearchLinkCreator) lead there; the page itself is ours, on the
 * local index (src/theme/SearchPage). With `false` the theme had no page and the links went to
 * /false?q=….
 */
export const searchPagePath = 'search';

/**
 * theme-search-algolia provides the modal in both modes (preset-classic adds it when
 * themeConfig.algolia is set). In local mode its keys are placeholders that no request uses:
 * src/theme/SearchBar renders LocalSearchBar, which answers from the local index.
 */
export const searchThemeConfig: Pick<ThemeConfig, 'algolia'> = {
  algolia: searchMode === 'docsearch'
    ? {
      appId: appId!,
      apiKey: apiKey!,
      indexName: process.env.DOCSEARCH_INDEX_NAME || 'v2fly',
      // Facets: the page's language (zh-CN / en) and both docs instances (v4 and v5).
      contextualSearch: true,
      searchPagePath,
    }
    : {appId: 'local', apiKey: 'local', indexName: 'local', contextualSearch: false, searchPagePath},
};

/** Local builds leave theme-search-algolia's SearchBar and its stylesheet out (src/plugins/localSearchUi). */
// Both modes also keep separate bundler caches (a hosted build must not reuse the local stub).
export const searchPlugins: PluginConfig[] = searchMode === 'local' ? [localSearchUi] : [hostedSearchUi];
