// Static blocks (src/plugins/staticBlocks, src/components/StaticBlock): which hast blocks are
// written as HTML, the HTML and the links and ids handed to the broken-link checker, and the
// Link rules (core 3.10.2 Link.js) the block applies to its links.
import './docusaurus-aliases.cjs';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {isStaticTree, replaceStaticBlocks, staticHtml, type HastNode} from '../../src/plugins/staticBlocks';
import {applyTrailingSlash, decideLink, isPlainClick, isSameLocation, joinHtml} from '../../src/components/StaticBlock/links';

const text = (value: string): HastNode => ({type: 'text', value});
const el = (tagName: string, properties: Record<string, unknown>, ...children: HastNode[]): HastNode => ({type: 'element', tagName, properties, children});
const jsx = (name: string): HastNode => ({type: 'mdxJsxTextElement', name, attributes: [], children: []});

test('a paragraph of text, links, inline code and emphasis is static; JSX, expressions, images are not', () => {
  assert.equal(isStaticTree(el('p', {}, text('a '), el('a', {href: '/x'}, el('code', {}, text('b'))), el('strong', {}, text('c')), el('br', {}))), true);
  assert.equal(isStaticTree(el('p', {}, text('a'), jsx('Uuid'))), false);
  assert.equal(isStaticTree(el('p', {}, {type: 'mdxTextExpression', value: '1'})), false);
  assert.equal(isStaticTree(el('p', {}, el('img', {src: 'a.png', alt: ''}))), false);
  assert.equal(isStaticTree(el('p', {}, el('img', {}))), false, 'an image, whatever its properties (MDX img, image zoom)');
  assert.equal(isStaticTree(el('p', {}, el('code', {}, text('two\nlines')))), false, 'a code with a line break is a code block for our MDX code');
  assert.equal(isStaticTree(el('p', {}, el('a', {href: '#fn-1', id: 'fnref-1'}, text('1')))), false, 'MDXA gives a link with an id a class');
  assert.equal(isStaticTree(el('p', {}, el('a', {href: '/a'}, el('a', {href: '/b'}, text('x'))))), false, 'a link in a link');
  assert.equal(isStaticTree(el('p', {}, el('span', {style: 'color:red'}, text('x')))), false, 'an inline style');
  assert.equal(isStaticTree(el('p', {}, el('span', {onClick: 'x'}, text('x')))), false, 'a property outside the plain list');
  assert.equal(isStaticTree(el('p', {}, el('a', {href: '/x', dataFoo: 'a', 'data-trace-link': '', ariaLabel: 'l'}, text('x')))), true, 'data-* and aria-*');
  assert.equal(isStaticTree(el('ul', {className: ['contains-task-list']}, el('li', {}, text('x')))), false, 'MDXUl restyles task lists');
  assert.equal(isStaticTree(el('table', {}, el('tbody', {}, el('tr', {}, el('td', {align: 'left'}, text('x')))))), false, 'MDX turns align into a style');
  assert.equal(isStaticTree(el('ul', {}, el('li', {}, el('table', {}, el('tbody', {}))))), false, 'a table inside keeps our Table component');
  assert.equal(isStaticTree(el('h2', {id: 'x'}, text('x'))), false, 'headings stay components');
  assert.equal(isStaticTree(el('div', {}, text('x'))), false);
});

test('only maximal blocks are replaced, at any depth; a block with JSX is walked into', () => {
  const staticP = el('p', {}, text('plain'));
  const tree: HastNode = {type: 'root', children: [
    el('ul', {}, el('li', {}, staticP, jsx('Tool'))),
    {type: 'mdxJsxFlowElement', name: 'Tabs', attributes: [], children: [el('p', {}, text('in a tab'))]},
    el('blockquote', {}, el('p', {}, text('q'))),
  ]};
  assert.equal(replaceStaticBlocks(tree), 3);
  const [list, tabs, quote] = tree.children!;
  assert.equal(list!.tagName, 'ul', 'a list with JSX stays');
  assert.equal(list!.children![0]!.children![0]!.name, 'StaticBlock', 'its plain paragraph is replaced');
  assert.equal(tabs!.children![0]!.name, 'StaticBlock');
  assert.equal(quote!.name, 'StaticBlock', 'the quote, not its paragraph');
  assert.deepEqual(quote!.attributes![0], {type: 'mdxJsxAttribute', name: 'tag', value: 'blockquote'});
});

test('the HTML is the markup MDXA, Link and React write: class="", new-tab attributes, attribute order, escapes', () => {
  const out = staticHtml(el('p', {}, text('a < b & c '),
    el('a', {href: '/config/dns#x'}, text('routed')), text(' '),
    el('a', {href: 'https://example.com', title: 'T "q"'}, text('ext')), text(' '),
    el('a', {href: '#here'}, text('anchor')), text(' '),
    el('a', {href: 'pathname:///checker#trace=1', target: '_self', 'data-trace-link': ''}, text('trace')),
    el('span', {id: 'inner', className: ['x', 'y']}, text('s'))));
  assert.deepEqual(out.parts, [
    'a &lt; b &amp; c <a class="" href="',
    '">routed</a> <a href="',
    '" target="_blank" rel="noopener noreferrer" title="T &quot;q&quot;" class="">ext</a> <a href="',
    '" class="">anchor</a> <a href="',
    '" target="_self" rel="noopener noreferrer" data-trace-link="" class="">trace</a><span id="inner" class="x y">s</span>',
  ]);
  assert.deepEqual(out.links, [['/config/dns#x', ''], ['https://example.com', ''], ['#here', ''], ['pathname:///checker#trace=1', '_self']]);
  assert.deepEqual(out.ids, ['inner']);
});

test('a table drops the line breaks MDX drops between its rows; a list keeps them', () => {
  const table = el('table', {}, text('\n'), el('tbody', {}, text('\n'), el('tr', {}, text('\n'), el('td', {}, text('x')), text('\n')), text('\n')));
  assert.deepEqual(staticHtml(table).parts, ['<tbody><tr><td>x</td></tr></tbody>']);
  assert.deepEqual(staticHtml(el('ol', {start: 3, id: 'l'}, text('\n'), el('li', {}, text('x')), text('\n'))), {parts: ['\n<li>x</li>\n'], links: [], ids: ['l']});
});

const zh = {withBaseUrl: (u: string) => u, trailingSlash: false, baseUrl: '/'};
const en = {withBaseUrl: (u: string) => (u.startsWith('/en_US/') ? u : `/en_US/${u.replace(/^\//, '')}`), trailingSlash: false, baseUrl: '/en_US/'};

test('decideLink: baseUrl, trailing slash, routed and collected as Link decides', () => {
  assert.deepEqual(decideLink('/config/dns#x', '', en), {href: '/en_US/config/dns#x', routed: true, collected: true});
  assert.deepEqual(decideLink('/en_US/config/dns/', '', en), {href: '/en_US/config/dns', routed: true, collected: true});
  assert.deepEqual(decideLink('/config/dns', '', zh), {href: '/config/dns', routed: true, collected: true});
  assert.deepEqual(decideLink('#here', '', en), {href: '#here', routed: false, collected: true}, 'an anchor: a plain <a>, still checked');
  assert.deepEqual(decideLink('https://github.com/v2fly', '', en), {href: 'https://github.com/v2fly', routed: false, collected: false});
  assert.deepEqual(decideLink('pathname:///awesome/config-checker#trace=1', '_self', en), {href: '/en_US/awesome/config-checker#trace=1', routed: false, collected: false});
  assert.deepEqual(decideLink('/config/dns', '_blank', en), {href: '/en_US/config/dns', routed: false, collected: false}, 'another target: the browser opens it');
  assert.deepEqual(decideLink('dns', '', zh), {href: 'dns', routed: true, collected: true}, 'relative: no baseUrl, as Link');
});

test('applyTrailingSlash as utils-common: never on /, the baseUrl or an anchor; before ?search#hash', () => {
  const o = {trailingSlash: false, baseUrl: '/en_US/'};
  assert.equal(applyTrailingSlash('/a/?q#h', o), '/a?q#h');
  assert.equal(applyTrailingSlash('/en_US/', o), '/en_US/');
  assert.equal(applyTrailingSlash('/', o), '/');
  assert.equal(applyTrailingSlash('#a/', o), '#a/');
  assert.equal(applyTrailingSlash('/a', {trailingSlash: true, baseUrl: '/'}), '/a/');
  assert.equal(applyTrailingSlash('/a/', {trailingSlash: undefined, baseUrl: '/'}), '/a/');
});

test('joinHtml puts each href, escaped, between the parts, and refuses a mismatch', () => {
  assert.equal(joinHtml(['<a href="', '">x</a>'], ['/a?b=1&c="2"']), '<a href="/a?b=1&amp;c=&quot;2&quot;">x</a>');
  assert.equal(joinHtml(['plain'], []), 'plain');
  assert.throws(() => joinHtml(['a', 'b'], []), /2 parts for 0 links/);
});

test('isPlainClick: only an unmodified left click without another target or a download', () => {
  const click = {defaultPrevented: false, button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false};
  assert.equal(isPlainClick(click, null, false), true);
  assert.equal(isPlainClick(click, '_self', false), true);
  assert.equal(isPlainClick({...click, ctrlKey: true}, null, false), false);
  assert.equal(isPlainClick({...click, metaKey: true}, null, false), false);
  assert.equal(isPlainClick({...click, button: 1}, null, false), false);
  assert.equal(isPlainClick({...click, defaultPrevented: true}, null, false), false);
  assert.equal(isPlainClick(click, '_blank', false), false);
  assert.equal(isPlainClick(click, null, true), false);
});

test('isSameLocation: react-router replaces instead of pushing the current address', () => {
  const here = {pathname: '/config/路由', search: '', hash: '#a'};
  assert.equal(isSameLocation('/config/%E8%B7%AF%E7%94%B1#a', here), true);
  assert.equal(isSameLocation('/config/%E8%B7%AF%E7%94%B1#b', here), false);
  assert.equal(isSameLocation('/config/other', here), false);
  assert.equal(isSameLocation('/config/%E0%A4%A', here), false);
});
