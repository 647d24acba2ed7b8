/**
 * The Docusaurus side of drawing diagrams at build time (./index.ts is the remark side):
 * - The bundler's persistent cache is keyed by whether diagrams are drawn at build time or in the
 *   browser (a Chromium found or not, DIAGRAMS=client), and by how they are drawn (this folder's
 *   code, config/mermaid.ts, mermaid's version): a page compiled one way must not be reused by a
 *   build made another way (as src/plugins/localSearchUi does for its two modes). The cache
 *   does not know that a page depends on these files.
 * - The browser's bundle gets `null` instead of each diagram's module (./index.ts): its markup
 *   is in the page's HTML, not in the page's JavaScript (./clientModule.js).
 * - Closes the Chromium the diagrams were drawn in once a locale's build is done (Docusaurus
 *   builds each locale in turn in one process, which would otherwise wait for the browser). The
 *   next locale's first diagram opens it again: one browser per locale built.
 */
import {createHash} from 'node:crypto';
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {chromium} from '@playwright/test';
import {chooseChromium, chromiumCandidates, closeRenderer} from './render';

/** What the browser's bundle gets for each diagram's module. */
const clientModule = require.resolve('./clientModule.js');

type CacheConfig = {version?: string} | boolean | undefined;
type Config = {cache?: CacheConfig; experiments?: {cache?: CacheConfig}};

/** The cache settings of `config` with `suffix` added to their version (rspack's and webpack's). */
export function cacheVersioned(config: Config, suffix: string): Config {
  const add = (cache: CacheConfig) => (cache && typeof cache === 'object' ? {...cache, version: `${cache.version ?? ''}${suffix}`} : undefined);
  const rspack = add(config.experiments?.cache);
  const webpack = add(config.cache);
  return {...(rspack ? {experiments: {cache: rspack}} : {}), ...(webpack ? {cache: webpack} : {})};
}

/** Where ./index.ts writes the diagrams' modules: in Docusaurus's generated files, which git ignores. */
export function diagramModulesDir(siteDir: string): string {
  return join(siteDir, '.docusaurus', 'static-diagrams');
}

/** A request for a diagram's module (an absolute path into diagramModulesDir). */
export const diagramModuleRequest = /[\\/]\.docusaurus[\\/]static-diagrams[\\/]diagram-[0-9a-f]{8}-\d+\.js$/;

/** A hash of what decides how a diagram is drawn, for the cache version. */
export function drawingVersion(): string {
  const hash = createHash('sha256');
  for (const file of ['./render.ts', './page.js', './index.ts', './colours.ts', '../../../config/mermaid.ts', 'mermaid/package.json']) {
    hash.update(readFileSync(require.resolve(file)));
  }
  return hash.digest('hex').slice(0, 12);
}

export default function staticDiagramsPlugin(): Plugin {
  return {
    name: 'static-diagrams',
    configureWebpack(config, isServer, utils) {
      const drawn = 'path' in chooseChromium(process.env, chromiumCandidates(chromium), existsSync);
      const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
      return {
        ...cacheVersioned(config as Config, `-diagrams-${drawn ? `build-${drawingVersion()}` : 'browser'}`),
        plugins: isServer ? [] : [new NormalModuleReplacementPlugin(diagramModuleRequest, clientModule)],
      } as ReturnType<NonNullable<Plugin['configureWebpack']>>;
    },
    async postBuild() {
      await closeRenderer();
    },
  };
}
