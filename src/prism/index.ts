/**
 * A lean stand-in for prism-react-renderer 2.4.1, which the site's bundles import instead of the
 * package (src/plugins/leanPrism aliases it). The package bundles its own Prism with
 * about 40 languages, all of it in every page's first visit (25 KB gzip); the docs highlight
 * five (json, bash, go, powershell, ini; jsonc reuses json), so this module loads Prism's core and
 * those alone and keeps the package's API as theme-classic 3.10.2 uses it: <Highlight> (its
 * CodeBlock/Content, which src/theme/CodeBlock/Content replaces: that tokenizes through
 * src/prism/tokenizer, Prism-free parts in ./tokens) and Prism. normalizeTokens is exported for its
 * unit tests (tests/unit/prism-tokens.test.ts).
 * A fence in another language renders as plain text, as Prism does for unknown languages.
 */
import {createElement, useCallback, useMemo, type CSSProperties, type ReactNode} from 'react';
import type {PrismTheme} from 'prism-react-renderer';
import {Prism} from './grammars';
import {tokenize} from './tokenize';
import {lineProps, normalizeTokens, themeDictionary, tokenProps, type LineInput, type Token, type TokenInput} from './tokens';

export {Prism};

export {normalizeTokens, type Token};

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
  const getLineProps = useCallback((input: LineInput) => lineProps(dictionary, input), [dictionary]);
  const getTokenProps = useCallback((input: TokenInput) => tokenProps(dictionary, input), [dictionary]);
  const tokens = useMemo(() => tokenize(code, language, prism), [code, language, prism]);
  return children({tokens, className: `prism-code language-${language}`, style: dictionary.root, getLineProps, getTokenProps});
}

export function Highlight(props: HighlightProps): ReactNode {
  return createElement(HighlightInner, props);
}
