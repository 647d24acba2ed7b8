/**
 * The schema chunks, fetched once: ./index.tsx starts this together with the checker's own chunk
 * when the reader starts using the checker (not after it has mounted), so the page is ready to
 * check one round of fetching sooner.
 */
import type {Version} from '@site/src/configCheck/types';
import {loadOnce} from '@site/src/utils/chunks';

type Schema = Record<string, unknown>;

/** A failed fetch is tried again by the next call (the retry button, a new visit). */
export const loadSchemas: () => Promise<Record<Version, Schema>> = loadOnce(() => Promise.all([
  import(/* webpackChunkName: "config-schema-v4" */ '@config-schemas/v4.json'),
  import(/* webpackChunkName: "config-schema-v5" */ '@config-schemas/v5.json'),
]).then(([v4, v5]) => ({v4: v4.default, v5: v5.default})));
