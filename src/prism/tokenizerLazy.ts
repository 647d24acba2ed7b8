/**
 * The browser's ./tokenizer (src/plugins/leanPrism puts it in place): Prism, its grammars and
 * ./tokenize in a chunk of their own, loaded on first need and kept for the visit.
 */
import type {Tokenize} from './tokenizer';

let loaded: Tokenize | undefined;
let loading: Promise<Tokenize> | undefined;

export function tokenizerNow(): Tokenize | undefined {
  return loaded;
}

export function loadTokenizer(): Promise<Tokenize> {
  loading ??= import(/* webpackChunkName: "prism" */ './tokenize').then((module) => {
    loaded = module.tokenize;
    return loaded;
  }, (error: unknown) => {
    // a failed download may be retried by the next block that needs it
    loading = undefined;
    throw error;
  });
  return loading;
}
