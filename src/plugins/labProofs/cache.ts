/**
 * The bundler's persistent cache keeps each page's compiled MDX until the page's own file changes;
 * the lab's notes (src/plugins/labProofs) come from src/data/labProofs.json, which the cache does
 * not see, so a build after `npm run lab -- --write` showed the old sentences on pages it did not
 * recompile. This plugin adds a hash of that file to the cache version (as src/plugins/localSearchUi
 * adds the search mode; Docusaurus core lib/webpack/base.js sets the version), so a new proof
 * file means a fresh compile.
 */
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {resolve} from 'node:path';
import type {Plugin} from '@docusaurus/types';

type CacheConfig = {version?: string} | boolean | undefined;

/** A short hash of the proofs file's bytes. */
export function proofsHash(file = resolve(__dirname, '../../data/labProofs.json')): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 12);
}

export default function labProofsCache(): Plugin {
  const hash = proofsHash();
  return {
    name: 'lab-proofs-cache',
    configureWebpack(config) {
      const c = config as {cache?: CacheConfig; experiments?: {cache?: CacheConfig}};
      const out: Record<string, unknown> = {};
      const rspack = c.experiments?.cache;
      if (rspack && typeof rspack === 'object') out.experiments = {cache: {...rspack, version: `${rspack.version ?? ''}-lab-${hash}`}};
      if (c.cache && typeof c.cache === 'object') out.cache = {...c.cache, version: `${c.cache.version ?? ''}-lab-${hash}`};
      return out;
    },
  };
}
