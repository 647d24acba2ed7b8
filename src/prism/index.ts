/**
 * A lean stand-in for prism-react-renderer 2.4.1, which the site's bundles import instead of the
 * package (src/plugins/leanPrism aliases it). The package bundles its own Prism with
 * about 40 languages, all of it in every page's first visit (25 KB gzip); the docs highlight
 * five (json, bash, go, powershell, ini; jsonc reuses json), so this module loads Prism's core and
 * those alone and keeps the package's API as theme-classic 3.10.2 uses it: <Highlight> (CodeBlock/Content),
 * and Prism. normalizeTokens is exported for its unit tests (tests/unit/prism-tokens.test.ts).
 *
 * Both the server and the browser bundle use it, so what the server renders is what hydrates.
 * A fence in another language renders as plain text, as Prism does for unknown languages.
 */
import type {Grammar, Token as PrismToken, TokenStream} from 'prismjs/components/prism-core';
import {createElement, useCallback, useMemo, type CSSProperties, type ReactNode} from 'react';
import clsx from 'clsx';
import type {PrismTheme} from 'prism-react-renderer';
import {Prism} from './grammars';

export {Prism};

export type Token = {types: string[]; content: string; empty?: boolean};
type Dictionary = Record<string, CSSProperties> & {root: CSSProperties; plain: CSSProperties};

const newline = /\r\n|\r|\n/;

/** Adds a type to a token's type list, once (Prism nests tokens of the same type). */
function withType(types: string[], type: string | string[]): string[] {
  const added = Array.isArray(type) ? type : [type];
  return added.reduce((acc, t) => (acc[acc.length - 1] === t ? acc : [...acc, t]), types);
}

/** A line with nothing to show still takes a line's height. */
function markEmpty(line: Token[]): void {
  if (line.length === 0) line.push({types: ['plain'], content: '\n', empty: true});
  else if (line.length === 1 && line[0]!.content === '') Object.assign(line[0]!, {content: '\n', empty: true});
}

/** Prism's nested token stream as lines of flat tokens, each with its chain of types. */
export function normalizeTokens(stream: (string | PrismToken)[]): Token[][] {
  const lines: Token[][] = [[]];
  const addText = (text: string, types: string[]) => {
    text.split(newline).forEach((part, i) => {
      if (i > 0) {
        markEmpty(lines[lines.length - 1]!);
        lines.push([]);
      }
      lines[lines.length - 1]!.push({types, content: part});
    });
  };
  const walk = (items: TokenStream, types: string[]) => {
    for (const item of Array.isArray(items) ? items : [items]) {
      if (typeof item === 'string') {
        addText(item, types.length > 0 ? types : ['plain']);
        continue;
      }
      let nested = withType(types, item.type);
      if (item.alias) nested = withType(nested, item.alias);
      walk(item.content, nested);
    }
  };
  walk(stream, []);
  markEmpty(lines[lines.length - 1]!);
  return lines;
}

type TokenizeArgs = {prism: typeof Prism; code: string; grammar: Grammar | undefined; language: string};

function useTokenize({prism, code, grammar, language}: TokenizeArgs): Token[][] {
  return useMemo(() => {
    if (grammar == null) return normalizeTokens([code]);
    const env = {code, grammar, language, tokens: [] as TokenStream};
    prism.hooks.run('before-tokenize', env);
    env.tokens = prism.tokenize(code, grammar);
    prism.hooks.run('after-tokenize', env);
    return normalizeTokens(env.tokens as (string | PrismToken)[]);
  }, [prism, code, grammar, language]);
}

function themeDictionary(theme: PrismTheme, language: string): Dictionary {
  const dictionary: Record<string, CSSProperties> = {};
  for (const {languages, style, types} of theme.styles) {
    if (languages && !languages.includes(language as never)) continue;
    for (const type of types) dictionary[type] = {...dictionary[type], ...(style as CSSProperties)};
  }
  const plain = theme.plain as CSSProperties;
  return {...dictionary, root: plain, plain: {...plain, backgroundColor: undefined}};
}

function tokenStyle(dictionary: Dictionary, {types, empty}: Token): CSSProperties | undefined {
  if (types.length === 1 && types[0] === 'plain') return empty ? {display: 'inline-block'} : undefined;
  if (types.length === 1 && !empty) return dictionary[types[0]!];
  return Object.assign(empty ? {display: 'inline-block'} : {}, ...types.map((type) => dictionary[type]));
}

type LineInput = {line: Token[]; className?: string; style?: CSSProperties; [prop: string]: unknown};
type TokenInput = {token: Token; className?: string; style?: CSSProperties; [prop: string]: unknown};
type RenderProps = {
  tokens: Token[][];
  className: string;
  style: CSSProperties;
  getLineProps: (input: LineInput) => Record<string, unknown> & {className: string; style?: CSSProperties};
  getTokenProps: (input: TokenInput) => Record<string, unknown> & {className: string; children: string; style?: CSSProperties};
};
type HighlightProps = {
  code: string;
  language: string;
  theme: PrismTheme;
  prism?: typeof Prism;
  children: (props: RenderProps) => ReactNode;
};

function HighlightInner({code, language: languageProp, theme, prism = Prism, children}: HighlightProps): ReactNode {
  const language = languageProp.toLowerCase();
  const dictionary = useMemo(() => themeDictionary(theme, language), [theme, language]);
  const getLineProps = useCallback(({line: _line, className, style, ...rest}: LineInput) => ({
    ...rest,
    className: clsx('token-line', className),
    style: {...dictionary.plain, ...style},
  }), [dictionary]);
  const getTokenProps = useCallback(({token, className, style, ...rest}: TokenInput) => {
    const base = tokenStyle(dictionary, token);
    return {
      ...rest,
      className: clsx('token', ...token.types, className),
      children: token.content,
      style: style ? {...base, ...style} : base,
    };
  }, [dictionary]);
  const tokens = useTokenize({prism, code, grammar: prism.languages[language], language});
  return children({tokens, className: `prism-code language-${language}`, style: dictionary.root, getLineProps, getTokenProps});
}

export function Highlight(props: HighlightProps): ReactNode {
  return createElement(HighlightInner, props);
}
