/**
 * A code block's lines as one HTML string, the markup theme-classic 3.10.2's CodeBlock/Line and
 * CodeBlock/Line/Token render as React elements (with src/theme/CodeBlock/Line/Token's plain
 * tokens as text): per line `<div class="token-line …" style="…">`, its tokens, `<br>`.
 * src/theme/CodeBlock/Content writes it with dangerouslySetInnerHTML, so a block is one React
 * element however many tokens it has: hydration keeps the server's markup and creates no fiber
 * per line or token (on /config/routing.html, 633 of the page's 1,769 hydrated elements).
 * Pure, for tests/unit/lines-html.test.ts.
 */
import type {CSSProperties} from 'react';
import type {Token} from './index';

/** What src/prism's getLineProps/getTokenProps return (the props upstream spreads on its elements). */
export type LineProps = {className: string; style?: CSSProperties};
export type TokenProps = {className: string; style?: CSSProperties; children: string};

export type LinesInput = {
  lines: Token[][];
  /** metadata.lineClassNames: extra classes by line index (highlighted lines, magic comments) */
  lineClassNames: Readonly<Record<number, readonly string[] | undefined>>;
  getLineProps: (input: {line: Token[]; className?: string}) => LineProps;
  getTokenProps: (input: {token: Token}) => TokenProps;
  /** true: the token is written as text, without a span (src/theme/CodeBlock/Line/Token) */
  isPlain: (token: Token) => boolean;
  /** a numbered block (showLineNumbers): upstream Line's CSS module classes for a line, its number and its content */
  numbered?: {codeLine: string; codeLineNumber: string; codeLineContent: string};
};

const escapes: Record<string, string> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'};
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => escapes[c]!);

/** A style object as React writes it into HTML: kebab-case names, `;` between, custom properties as written. */
export function styleText(style: CSSProperties | undefined): string {
  if (!style) return '';
  return Object.entries(style)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => `${name.startsWith('--') ? name : name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${String(value)}`)
    .join(';');
}

function attributes({className, style}: {className: string; style?: CSSProperties}): string {
  const css = styleText(style);
  return `${className ? ` class="${escape(className)}"` : ''}${css ? ` style="${escape(css)}"` : ''}`;
}

/** Upstream Line's fixLineBreak: a line holding only '\n' gets '' (its <br> makes the line). */
function fixLineBreak(line: Token[]): Token[] {
  return line.length === 1 && line[0]!.content === '\n' ? [{...line[0]!, content: ''}] : line;
}

export function linesHtml({lines, lineClassNames, getLineProps, getTokenProps, isPlain, numbered}: LinesInput): string {
  return lines.map((rawLine, i) => {
    const line = fixLineBreak(rawLine);
    const classNames = [...(lineClassNames[i] ?? []), ...(numbered ? [numbered.codeLine] : [])];
    const lineProps = getLineProps({line, className: classNames.length > 0 ? classNames.join(' ') : undefined});
    const tokens = line.map((token) => {
      const props = getTokenProps({token});
      return isPlain(token) ? escape(props.children) : `<span${attributes(props)}>${escape(props.children)}</span>`;
    }).join('');
    const content = numbered
      ? `<span class="${escape(numbered.codeLineNumber)}"></span><span class="${escape(numbered.codeLineContent)}">${tokens}</span>`
      : tokens;
    return `<div${attributes(lineProps)}>${content}<br></div>`;
  }).join('');
}
