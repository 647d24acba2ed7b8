// linesHtml (src/prism/linesHtml): a code block's lines as the HTML theme-classic 3.10.2's Line
// and Token elements render, written by src/theme/CodeBlock/Content through dangerouslySetInnerHTML.
import './docusaurus-aliases.cjs';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {linesHtml, styleText} from '../../src/prism/linesHtml';
import type {Token} from '../../src/prism';

const getLineProps = ({className}: {line: Token[]; className?: string}) => ({
  className: ['token-line', className].filter(Boolean).join(' '), style: {color: 'var(--site-code-color)'},
});
const getTokenProps = ({token}: {token: Token}) => ({
  className: ['token', ...token.types].join(' '), children: token.content, style: token.empty ? {display: 'inline-block'} : undefined,
});
const isPlain = (token: Token) => !token.empty && token.types.every((t) => t === 'plain' || t === 'punctuation');
const render = (lines: Token[][], lineClassNames = {}) => linesHtml({lines, lineClassNames, getLineProps, getTokenProps, isPlain});

test('a line is a div with its tokens and a <br>; plain-looking tokens are text, others spans', () => {
  assert.equal(render([[{types: ['property'], content: '"tag"'}, {types: ['punctuation'], content: ':'}, {types: ['plain'], content: ' 1'}]]),
    '<div class="token-line" style="color:var(--site-code-color)"><span class="token property">&quot;tag&quot;</span>: 1<br></div>');
});

test('an empty line keeps an empty inline-block span that holds its height (upstream fixLineBreak)', () => {
  assert.equal(render([[{types: ['plain'], content: '\n', empty: true}]]),
    '<div class="token-line" style="color:var(--site-code-color)"><span class="token plain" style="display:inline-block"></span><br></div>');
});

test('text is escaped; highlighted lines get their classes', () => {
  assert.equal(render([[{types: ['plain'], content: 'a < b && "c"'}], [{types: ['string'], content: '<x>'}]], {1: ['theme-code-block-highlighted-line']}),
    '<div class="token-line" style="color:var(--site-code-color)">a &lt; b &amp;&amp; &quot;c&quot;<br></div>'
    + '<div class="token-line theme-code-block-highlighted-line" style="color:var(--site-code-color)"><span class="token string">&lt;x&gt;</span><br></div>');
});

test('styles are written as React writes them', () => {
  assert.equal(styleText({backgroundColor: 'red', fontStyle: 'italic', color: undefined}), 'background-color:red;font-style:italic');
  assert.equal(styleText(undefined), '');
});

test('a numbered block: the line gets the line class, an empty number span and its tokens in a content span (upstream Line)', () => {
  const numbered = {codeLine: 'codeLine_x', codeLineNumber: 'codeLineNumber_x', codeLineContent: 'codeLineContent_x'};
  const html = linesHtml({lines: [[{types: ['string'], content: '"a"'}]], lineClassNames: {0: ['theme-code-block-highlighted-line']}, getLineProps, getTokenProps, isPlain, numbered});
  assert.equal(html, '<div class="token-line theme-code-block-highlighted-line codeLine_x" style="color:var(--site-code-color)">'
    + '<span class="codeLineNumber_x"></span><span class="codeLineContent_x"><span class="token string">&quot;a&quot;</span></span><br></div>');
});
