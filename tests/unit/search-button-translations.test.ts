// src/theme/SearchBar/LocalSearchBar.tsx writes the search button's strings itself rather than
// import theme-search-algolia's SearchTranslations, which would put the whole modal's strings
// (1.6 KB gzip) back into every page's main.js. These fail when it imports the module again, or
// when upstream's button strings change and ours no longer match them.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';

const root = join(import.meta.dirname, '../..');
const upstream = readFileSync(join(root, 'node_modules/@docusaurus/theme-search-algolia/lib/theme/SearchTranslations/index.js'), 'utf8');
const ours = readFileSync(join(root, 'src/theme/SearchBar/LocalSearchBar.tsx'), 'utf8');

/** The translate() calls in a piece of source: id and default message. */
function calls(text: string): Array<{id: string; message: string}> {
  return [...text.matchAll(/translate\(\{\s*id:\s*'([^']+)',\s*message:\s*'([^']*)'/g)].map(([, id, message]) => ({id: id!, message: message!}));
}

test('the search button has upstream\'s strings, without importing SearchTranslations', () => {
  assert.doesNotMatch(ours, /@theme\/SearchTranslations/, 'LocalSearchBar imports SearchTranslations: the modal\'s strings would be in main.js');
  const button = /\n {2}button: \{([\s\S]*?)\n {2}\},/.exec(upstream);
  assert.ok(button, 'SearchTranslations still has its `button` strings');
  const theirs = calls(button[1]!);
  assert.deepEqual([...button[1]!.matchAll(/\n {4}(\w+):/g)].map(([, key]) => key), ['buttonText', 'buttonAriaLabel']);
  assert.equal(theirs.length, 2);
  const helper = /function buttonTranslations\(\)[\s\S]*?\n\}/.exec(ours);
  assert.ok(helper, 'LocalSearchBar has buttonTranslations()');
  assert.match(helper[0], /buttonText: label, buttonAriaLabel: label/);
  for (const call of theirs) assert.deepEqual(calls(helper[0]), [call]);
  assert.match(ours, /translations=\{buttonTranslations\(\)\}/);
});
