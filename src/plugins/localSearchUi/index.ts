/**
 * Local search's share of every page stays small. Docusaurus puts all CSS, even that of
 * lazily loaded code, into the one stylesheet every page blocks on, so theme-search-algolia's
 * SearchBar (whose modal loads DocSearch's modal CSS) would add about 4 KB gzip to it. In local
 * builds this plugin:
 * - swaps src/theme/SearchBar/OriginalSearchBar for a stub (the local modal replaces it);
 * - writes DocSearch's modal stylesheet as a file of its own, which LocalSearchModal loads with a
 *   <link> when the reader first opens search (`modalCssPath`).
 */
import {copyFileSync, mkdirSync, readFileSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {modalCssPath} from '../../search/modalCss';

const original = /[\\/]OriginalSearchBar(\.tsx)?$|^\.\/OriginalSearchBar$/;
const stub = resolve(__dirname, '../../theme/SearchBar/NoOriginalSearchBar.tsx');

type ResolveData = {request: string};

type CacheConfig = {version?: string} | boolean | undefined;

/**
 * The bundler's persistent cache must not carry one mode's module graph into the other: it is keyed
 * by Docusaurus version and theme aliases only, so a hosted build after a local one reused the stub
 * and lost its search button. Both modes add their name to the cache version.
 */
function cacheFor(config: {cache?: CacheConfig; experiments?: {cache?: CacheConfig}}, mode: string) {
  const out: Record<string, unknown> = {};
  const rspack = config.experiments?.cache;
  if (rspack && typeof rspack === 'object') out.experiments = {cache: {...rspack, version: `${rspack.version ?? ''}-search-${mode}`}};
  if (config.cache && typeof config.cache === 'object') out.cache = {...config.cache, version: `${config.cache.version ?? ''}-search-${mode}`};
  return out;
}

/** theme-search-algolia's SearchBar, whose only <Head> content is the preconnect to Algolia (3.10.2, lib/theme/SearchBar/index.js). */
const algoliaSearchBar = /[\\/]@docusaurus[\\/]theme-search-algolia[\\/]lib[\\/]theme[\\/]SearchBar$/;
const noHead = resolve(__dirname, '../../theme/SearchBar/NoHead.tsx');

type HeadRequest = {request: string; context: string};

/**
 * The plugin in hosted builds: the cache version, and no Algolia preconnect. DocSearch's SearchBar
 * puts <link rel="preconnect" href="https://<appId>-dsn.algolia.net"> into every page's head, so
 * every page load reached a third-party host (blocked for many readers) before anyone searched.
 * Its @docusaurus/Head, and only that one, becomes ./NoHead.
 */
export function hostedSearchUi(): Plugin {
  return {
    name: 'hosted-search-ui',
    configureWebpack(config, _isServer, utils) {
      const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
      return {
        ...cacheFor(config as Parameters<typeof cacheFor>[0], 'hosted'),
        plugins: [new NormalModuleReplacementPlugin(/^@docusaurus\/Head$/, (data: HeadRequest) => {
          if (algoliaSearchBar.test(data.context)) data.request = noHead;
        })],
      };
    },
  };
}

export default function localSearchUi(_context: LoadContext): Plugin {
  return {
    name: 'local-search-ui',
    configureWebpack(config, _isServer, utils) {
      const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
      return {
        ...cacheFor(config as Parameters<typeof cacheFor>[0], 'local'),
        plugins: [new NormalModuleReplacementPlugin(original, (data: ResolveData) => {
          data.request = stub;
        })],
      };
    },
    async postBuild({outDir}) {
      const source = require.resolve('@docsearch/css/dist/modal.css');
      const target = join(outDir, modalCssPath);
      mkdirSync(dirname(target), {recursive: true});
      copyFileSync(source, target);
      if (!readFileSync(target, 'utf8').includes('.DocSearch-Modal')) {
        throw new Error(`${source} no longer styles .DocSearch-Modal: check LocalSearchModal against @docsearch/css`);
      }
    },
  };
}
