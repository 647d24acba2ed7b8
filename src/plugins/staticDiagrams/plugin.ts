/**
 * The Docusaurus side of drawing diagrams at build time (./index.ts is the remark side):
 * - The bundler's persistent cache is keyed by whether diagrams are drawn at build time or in the
 *   browser (a Chromium found or not, DIAGRAMS=client): a page compiled one way must not be
 *   reused by a build made the other way (as src/plugins/localSearchUi does for its two modes).
 * - Closes the Chromium the diagrams were drawn in once a locale's build is done (Docusaurus
 *   builds each locale in turn in one process, which would otherwise wait for the browser). The
 *   next locale's first diagram opens it again: one browser per locale built.
 */
import {existsSync} from 'node:fs';
import type {Plugin} from '@docusaurus/types';
import {chromium} from '@playwright/test';
import {chooseChromium, chromiumCandidates, closeRenderer} from './render';

type CacheConfig = {version?: string} | boolean | undefined;
type Config = {cache?: CacheConfig; experiments?: {cache?: CacheConfig}};

/** The cache settings of `config` with `suffix` added to their version (rspack's and webpack's). */
export function cacheVersioned(config: Config, suffix: string): Config {
  const add = (cache: CacheConfig) => (cache && typeof cache === 'object' ? {...cache, version: `${cache.version ?? ''}${suffix}`} : undefined);
  const rspack = add(config.experiments?.cache);
  const webpack = add(config.cache);
  return {...(rspack ? {experiments: {cache: rspack}} : {}), ...(webpack ? {cache: webpack} : {})};
}

export default function staticDiagramsPlugin(): Plugin {
  return {
    name: 'static-diagrams',
    configureWebpack(config) {
      const drawn = 'path' in chooseChromium(process.env, chromiumCandidates(chromium), existsSync);
      return cacheVersioned(config as Config, `-diagrams-${drawn ? 'build' : 'browser'}`) as ReturnType<NonNullable<Plugin['configureWebpack']>>;
    },
    async postBuild() {
      await closeRenderer();
    },
  };
}
