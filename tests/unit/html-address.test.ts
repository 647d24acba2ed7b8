// htmlAddressScript (config/htmlAddress.ts): the inline script that drops ".html" from
// an old address before the bundle reads it, keeping the query and the #anchor.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {htmlAddressScript} from '../../config/htmlAddress';

/** Runs the script against an address; returns the address it rewrote to, or null if none. */
function run(pathname: string, search = '', hash = ''): string | null {
  let replaced: string | null = null;
  const location = {pathname, search, hash};
  const history = {state: {key: 'k'}, replaceState: (state: unknown, _title: string, url: string) => {
    assert.deepEqual(state, {key: 'k'}, 'keeps the history state');
    replaced = url;
  }};
  // The script reads the globals location and history; parameters of the same name stand in.
  new Function('location', 'history', htmlAddressScript)(location, history);
  return replaced;
}

test('an old .html address loses its extension', () => {
  assert.equal(run('/config/routing.html'), '/config/routing');
  assert.equal(run('/en_US/v5/config/router.html'), '/en_US/v5/config/router');
});

test('the query and the #anchor are kept', () => {
  assert.equal(run('/config/routing.html', '?x=1', '#ruleobject'), '/config/routing?x=1#ruleobject');
  assert.equal(run('/config/routing.html', '', '#%E9%A2%84'), '/config/routing#%E9%A2%84');
});

test('index.html becomes its folder, and the site root stays "/"', () => {
  assert.equal(run('/index.html'), '/');
  assert.equal(run('/guide/index.html'), '/guide');
  assert.equal(run('/.html'), '/');
});

test('the 404 pages and addresses without .html are left alone', () => {
  for (const path of ['/404.html', '/en_US/404.html', '/config/routing', '/', '/a.html/b', '/config/routing.htm', '/config/routing.HTML']) {
    assert.equal(run(path), null, path);
  }
});
