import './docusaurus-aliases.cjs';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import React, {type ReactNode} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {tocAnchors, tocTreeHtml, type TocNode} from '../../src/theme/TOCItems/Tree/treeHtml';

/**
 * What theme-classic 3.10.2's TOCItems/Tree renders through React, with Link as what it writes for
 * an anchor on the same page (a plain <a>, href first, then the props: class and inner HTML).
 */
function upstream(toc: readonly TocNode[], linkClassName: string | null): ReactNode {
  if (!toc.length) return null;
  return toc.map((heading) => React.createElement('li', {key: heading.id},
    React.createElement('a', {href: `#${heading.id}`, className: linkClassName ?? undefined, dangerouslySetInnerHTML: {__html: heading.value}}),
    heading.children.length ? React.createElement('ul', null, upstream(heading.children, linkClassName)) : null));
}

const toc: TocNode[] = [
  {value: '<code>RuleObject</code>', id: 'ruleobject', children: [
    {value: '预定义域名列表', id: '预定义域名列表', children: []},
    {value: 'a &amp; b', id: 'a"&<b>\'', children: [{value: 'deep', id: 'deep', children: []}]},
  ]},
  {value: 'BalancerObject', id: 'balancerobject', children: []},
];

test('the HTML is the markup upstream renders through React, escaping included', () => {
  for (const linkClassName of ['table-of-contents__link toc-highlight', null]) {
    assert.equal(tocTreeHtml(toc, linkClassName), renderToStaticMarkup(React.createElement(React.Fragment, null, upstream(toc, linkClassName))));
  }
  assert.equal(tocTreeHtml([], 'x'), '');
});

test('every anchor of the tree, depth first, for the broken-link checker', () => {
  assert.deepEqual(tocAnchors(toc), ['#ruleobject', '#预定义域名列表', '#a"&<b>\'', '#deep', '#balancerobject']);
});
