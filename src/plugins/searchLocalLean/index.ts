/**
 * Keeps lunr out of the main bundle when the local search is on (issue 6: no search code before
 * the reader searches). @easyops-cn/docusaurus-search-local 0.55.3 has its navbar SearchBar
 * import one number (searchResultLimits) from a generated module that also loads lunr and its
 * language packs, which puts about 13 KB gzip of search engine into every page's first visit.
 * Searching itself runs in the plugin's web worker, which keeps importing the real module.
 * This plugin points only the SearchBar's import at a module that exports the number alone.
 * It also points the SearchBar's result template at ./SuggestionLink, so results are links.
 */
import {resolve} from 'node:path';
import type {LoadContext, Plugin, PluginModule} from '@docusaurus/types';

export type Options = {searchResultLimits: number};

/** The request SearchBar.jsx makes (dist/client/client/theme/SearchBar/SearchBar.jsx:15). */
const constantsRequest = /\/utils\/proxiedGeneratedConstants$/;
/** Its result template (SearchBar.jsx:9), replaced by ./SuggestionLink (issue 19: results are links). */
const suggestionRequest = /^\.\/SuggestionTemplate$/;
const suggestionLink = resolve(__dirname, 'SuggestionLink.ts');
const searchBarIssuer = /docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]SearchBar[\\/]SearchBar\.jsx$/;

type ResolveData = {request: string; contextInfo: {issuer: string}};

/** The plugin, given the search plugin's own searchResultLimits. */
export default function searchLocalLean(options: Options): PluginModule {
  return (context: LoadContext): Plugin => plugin(context, options);
}

function plugin(context: LoadContext, options: Options): Plugin {
  // Where actions.createData('constants.js') writes: generatedFilesDir/<plugin name>/<plugin id>.
  const constantsFile = resolve(context.generatedFilesDir, 'search-local-lean', 'default', 'constants.js');
  return {
    name: 'search-local-lean',
    async contentLoaded({actions}) {
      await actions.createData('constants.js',
        `export const searchResultLimits = ${JSON.stringify(options.searchResultLimits)};\n`);
    },
    configureWebpack(_config, isServer, utils) {
      if (isServer) return {};
      const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(constantsRequest, (data: ResolveData) => {
            if (searchBarIssuer.test(data.contextInfo.issuer)) data.request = constantsFile;
          }),
          new NormalModuleReplacementPlugin(suggestionRequest, (data: ResolveData) => {
            if (searchBarIssuer.test(data.contextInfo.issuer)) data.request = suggestionLink;
          }),
        ],
      };
    },
  };
}
