/**
 * The parts of src/prism that need no Prism: a token stream as lines of flat tokens, and the
 * classes and styles a theme gives lines and tokens (as prism-react-renderer 2.4.1 gives them).
 * src/theme/CodeBlock/Content uses them without Prism for a block whose highlighter has not
 * loaded yet (src/prism/tokenizer), and src/prism's <Highlight> with it.
 */
import type {Token as PrismToken, TokenStream} from 'prismjs/components/prism-core';
import type {CSSProperties} from 'react';
import clsx from 'clsx';
import type {PrismTheme} from 'prism-react-renderer';

export type Token = {types: string[]; content: string; empty?: boolean};
export type Dictionary = Record<string, CSSProperties> & {root: CSSProperties; plain: CSSProperties};

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

export function themeDictionary(theme: PrismTheme, language: string): Dictionary {
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

export type LineInput = {line: Token[]; className?: string; style?: CSSProperties; [prop: string]: unknown};
export type TokenInput = {token: Token; className?: string; style?: CSSProperties; [prop: string]: unknown};

/** prism-react-renderer's getLineProps. */
export function lineProps(dictionary: Dictionary, {line: _line, className, style, ...rest}: LineInput): Record<string, unknown> & {className: string; style?: CSSProperties} {
  return {...rest, className: clsx('token-line', className), style: {...dictionary.plain, ...style}};
}

/** prism-react-renderer's getTokenProps. */
export function tokenProps(dictionary: Dictionary, {token, className, style, ...rest}: TokenInput): Record<string, unknown> & {className: string; children: string; style?: CSSProperties} {
  const base = tokenStyle(dictionary, token);
  return {...rest, className: clsx('token', ...token.types, className), children: token.content, style: style ? {...base, ...style} : base};
}
