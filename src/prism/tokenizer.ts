/**
 * How src/theme/CodeBlock/Content gets Prism's tokenizer (./tokenize). This module is the server's
 * (and Node's): the tokenizer is there at once, so the server writes every block highlighted. The
 * browser's bundle gets ./tokenizerLazy instead (src/plugins/leanPrism), where the tokenizer is a
 * chunk of its own, loaded only for a block the server did not write: a page's first visit keeps
 * the server's lines and downloads and runs no Prism.
 */
import {tokenize} from './tokenize';

export type Tokenize = typeof tokenize;

/** The tokenizer if it is loaded, else undefined. */
export function tokenizerNow(): Tokenize | undefined {
  return tokenize;
}

/** The tokenizer, loading it if need be. */
export function loadTokenizer(): Promise<Tokenize> {
  return Promise.resolve(tokenize);
}
