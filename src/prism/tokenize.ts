/**
 * A code block's lines of tokens, highlighted by Prism with the docs' languages (./grammars). In the
 * browser this module and Prism come in their own chunk, loaded only for a block the server did
 * not write (src/prism/tokenizer).
 */
import type {Token as PrismToken, TokenStream} from 'prismjs/components/prism-core';
import {Prism} from './grammars';
import {normalizeTokens, type Token} from './tokens';

/** Prism's tokens as lines; a language without a grammar is one plain token per line, as in Prism. */
export function tokenize(code: string, language: string, prism: typeof Prism = Prism): Token[][] {
  const grammar = prism.languages[language];
  if (grammar == null) return normalizeTokens([code]);
  const env = {code, grammar, language, tokens: [] as TokenStream};
  prism.hooks.run('before-tokenize', env);
  env.tokens = prism.tokenize(code, grammar);
  prism.hooks.run('after-tokenize', env);
  return normalizeTokens(env.tokens as (string | PrismToken)[]);
}
