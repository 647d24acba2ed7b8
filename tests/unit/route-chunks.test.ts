// The route and chunk readers of src/plugins/preloadRouteChunks (issue 6), which read what
// Docusaurus 3.10.2 writes into .docusaurus, and isRoute of the language menu
// (src/theme/NavbarItem/LocaleDropdownNavbarItem/isRoute.ts).
import './docusaurus-aliases.cjs';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {chunkFiles, matchRoutes, readRoutes} from '../../src/plugins/preloadRouteChunks';
import {isRoute} from '../../src/theme/NavbarItem/LocaleDropdownNavbarItem/isRoute';
import generatedRoutes from '@generated/routes';

/** routes.js as Docusaurus 3.10.2 writes it (shortened). */
const routesJs = `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  {
    path: '/en_US/v5',
    component: ComponentCreator('/en_US/v5', '16b'),
    routes: [
      {
        path: '/en_US/v5',
        component: ComponentCreator('/en_US/v5', '1df'),
        routes: [
          {
            path: '/en_US/v5/config/dns',
            component: ComponentCreator('/en_US/v5/config/dns', 'ef9'),
            exact: true,
            sidebar: "v5Sidebar"
          }
        ]
      }
    ]
  },
  {
    path: '/en_US/',
    component: ComponentCreator('/en_US/', 'e5f'),
    exact: true
  },
  {
    path: '/en_US/',
    component: ComponentCreator('/en_US/', '0f1'),
    routes: [
      {
        path: '/en_US/config/routing',
        component: ComponentCreator('/en_US/config/routing', 'a1b'),
        exact: true
      }
    ]
  },
  {
    path: '*',
    component: ComponentCreator('*'),
  },
];
`;

test('readRoutes keeps the tree and names each route path-hash, as routesChunkNames.json does', () => {
  const routes = readRoutes(routesJs);
  assert.deepEqual(routes.map((r) => r.key), ['/en_US/v5-16b', '/en_US/-e5f', '/en_US/-0f1', '*']);
  assert.equal(routes[0]?.routes?.[0]?.routes?.[0]?.key, '/en_US/v5/config/dns-ef9');
  assert.equal(routes[1]?.exact, true);
});

test('readRoutes: a route without a hash (the catch-all) is named by its path alone', () => {
  assert.equal(readRoutes(routesJs).at(-1)?.key, '*');
});

test('readRoutes reads an empty route list', () => {
  assert.deepEqual(readRoutes("import React from 'react';\nexport default [];\n"), []);
});

test('readRoutes fails loudly on a file it cannot run', () => {
  assert.throws(() => readRoutes('export default [ {path: '));
});

const routes = readRoutes(routesJs);
const keys = (path: string) => matchRoutes(routes, path).map((r) => r.key);

test('matchRoutes follows the first match at each level down to the page', () => {
  assert.deepEqual(keys('/en_US/v5/config/dns'), ['/en_US/v5-16b', '/en_US/v5-1df', '/en_US/v5/config/dns-ef9']);
  assert.deepEqual(keys('/en_US/config/routing'), ['/en_US/-0f1', '/en_US/config/routing-a1b']);
});

test('matchRoutes: an exact route matches only its own path', () => {
  assert.deepEqual(keys('/en_US/'), ['/en_US/-e5f']);
});

test('matchRoutes: a prefix matches whole segments only (/en_US/v5x is not under /en_US/v5)', () => {
  assert.deepEqual(keys('/en_US/v5x'), ['/en_US/-0f1']);
  assert.deepEqual(keys('/en_US/v5'), ['/en_US/v5-16b', '/en_US/v5-1df']);
});

test('matchRoutes: no route, no match; "*" is not a pattern to it', () => {
  assert.deepEqual(keys('/config/routing'), []);
  assert.deepEqual(matchRoutes([], '/'), []);
});

/** client-manifest.json as Docusaurus 3.10.2 writes it (shortened): chunk id -> files, and chunk groups. */
const manifest = {
  origins: {
    'module-a': ['8979', '156'],
    'module-b': ['156'],
    'module-c': ['112', '8979', '156', '300'],
  },
  assets: {
    '156': {js: [{file: 'assets/js/17896441.21bb78e8.js'}]},
    '8979': {js: [{file: 'assets/js/8979.aa11bb22.js'}]},
    '112': {js: [{file: 'assets/js/112.f780e0e0.js'}], css: [{file: 'assets/css/styles.0a1b2c3d.css'}]},
    '300': {js: [{file: 'assets/js/e8eeae8c.3c4d5e6f.js'}]},
    '400': {css: [{file: 'assets/css/only.css'}]},
  },
};

test('chunkFiles: a named chunk comes with the smallest chunk group that holds it', () => {
  const filesOf = chunkFiles(manifest);
  assert.deepEqual(filesOf('17896441'), ['assets/js/17896441.21bb78e8.js']);
  assert.deepEqual(filesOf('e8eeae8c'), ['assets/js/112.f780e0e0.js', 'assets/js/8979.aa11bb22.js', 'assets/js/17896441.21bb78e8.js', 'assets/js/e8eeae8c.3c4d5e6f.js']);
});

test('chunkFiles: a chunk in no group is loaded by its own file', () => {
  const filesOf = chunkFiles({origins: {}, assets: manifest.assets});
  assert.deepEqual(filesOf('e8eeae8c'), ['assets/js/e8eeae8c.3c4d5e6f.js']);
});

test('chunkFiles: an unknown name, or a chunk with CSS only, gives no script', () => {
  const filesOf = chunkFiles(manifest);
  assert.deepEqual(filesOf('nonexistent'), []);
  assert.deepEqual(filesOf(''), []);
  assert.deepEqual(filesOf('only'), []);
  assert.deepEqual(chunkFiles({origins: {}, assets: {}})('17896441'), []);
});

test('chunkFiles: a file name without a hash is not a named chunk', () => {
  const filesOf = chunkFiles({origins: {}, assets: {'1': {js: [{file: 'assets/js/main.js'}]}, '2': {js: [{file: 'other/x.0a.js'}]}}});
  assert.deepEqual(filesOf('main'), []);
  assert.deepEqual(filesOf('x'), []);
});

test('isRoute: a page is a route; the catch-all 404 and a docs root without its doc are not', () => {
  (generatedRoutes as unknown[]).splice(0, Infinity, ...[
    {path: '/en_US/', exact: true},
    {path: '/en_US/', routes: [{path: '/en_US/config/routing', exact: true}, {path: '*'}]},
    {path: '*'},
  ]);
  assert.equal(isRoute('/en_US/'), true);
  assert.equal(isRoute('/en_US/config/routing'), true);
  assert.equal(isRoute('/en_US/config/no-such-page'), false);
  assert.equal(isRoute('/no/such/page'), false);
  (generatedRoutes as unknown[]).splice(0, Infinity, {path: '/docs', routes: [{path: '/docs/a', exact: true}]});
  assert.equal(isRoute('/docs/a'), true);
  assert.equal(isRoute('/docs/b'), false);
  (generatedRoutes as unknown[]).splice(0, Infinity);
  assert.equal(isRoute('/'), false);
});
