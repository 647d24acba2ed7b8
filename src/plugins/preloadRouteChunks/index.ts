/**
 * Lists each page's route chunks in its HTML, so they download alongside main.js (issue 6).
 *
 * With Docusaurus Faster (rspack), the server render collects no route modules, so the built
 * HTML names only runtime~main.js and main.js. The route's own chunks (its layout, DocItem, the
 * MDX components, the page content) were requested only once main.js had run: one more round
 * trip before the page could hydrate, which on a high-latency link is hundreds of milliseconds.
 * After each locale's build this adds `<link rel=preload as=script fetchpriority=low>` for them
 * to every page, with the priority main.js has (config/ssgTemplate.ts).
 *
 * Where the lists come from, all written by Docusaurus 3.10.2 into .docusaurus:
 * - routes.js: the route tree, each route named `path-hash` by ComponentCreator;
 * - routesChunkNames.json: each route's chunk names (its component and modules);
 * - client-manifest.json: each chunk's files (a named chunk's file is `<name>.<hash>.js`), and per
 *   module the chunk group that loads it; a chunk comes with the smallest group that holds it.
 */
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import type {Plugin} from '@docusaurus/types';

type Route = {path: string; key: string; exact?: boolean; routes?: Route[]};
type Manifest = {
  origins: Record<string, string[]>;
  assets: Record<string, {js?: {file: string}[]; css?: {file: string}[]}>;
};
type ChunkNames = string | ChunkNames[] | {[key: string]: ChunkNames};

/** Reads routes.js by running it with ComponentCreator as `(path, hash) => "path-hash"`. */
export function readRoutes(code: string): Route[] {
  const body = code
    .replace(/^import .*$/gm, '')
    .replace('export default', 'return')
    .replace(/component: ComponentCreator\(('[^']*')(?:, ('[^']*'))?\)/g, (_m, path: string, hash?: string) =>
      `key: ${hash ? `${path} + '-' + ${hash}` : path}`);
  return new Function(body)() as Route[];
}

/** The routes react-router renders for `path`: the first match at each level, as a Switch does. */
export function matchRoutes(routes: Route[], path: string): Route[] {
  for (const route of routes) {
    const prefix = route.path.endsWith('/') ? route.path : `${route.path}/`;
    const matches = route.exact ? route.path === path : route.path === path || path.startsWith(prefix);
    if (matches) return [route, ...matchRoutes(route.routes ?? [], path)];
  }
  return [];
}

function flatten(names: ChunkNames | undefined): string[] {
  if (names === undefined) return [];
  if (typeof names === 'string') return [names];
  return (Array.isArray(names) ? names : Object.values(names)).flatMap(flatten);
}

/** The script files that load each named chunk: its own file and those of its smallest chunk group. */
export function chunkFiles(manifest: Manifest): (chunkName: string) => string[] {
  const idByName = new Map<string, string>();
  for (const [id, asset] of Object.entries(manifest.assets)) {
    for (const {file} of asset.js ?? []) {
      const name = /^assets\/js\/([^./]+)\.[0-9a-f]+\.js$/.exec(file)?.[1];
      if (name !== undefined) idByName.set(name, id);
    }
  }
  const groups = Object.values(manifest.origins);
  return (chunkName) => {
    const id = idByName.get(chunkName);
    if (id === undefined) return [];
    const group = groups.filter((g) => g.includes(id)).sort((a, b) => a.length - b.length)[0] ?? [id];
    return group.flatMap((chunk) => (manifest.assets[chunk]?.js ?? []).map((f) => f.file));
  };
}

/** The page file of a route path: /config/routing -> config/routing.html, / -> index.html. */
function htmlFile(outDir: string, baseUrl: string, routePath: string): string | undefined {
  if (!routePath.startsWith(baseUrl) && `${routePath}/` !== baseUrl) return undefined;
  const rest = routePath.slice(baseUrl.length).replace(/\/$/, '');
  const candidates = rest === '' ? ['index.html'] : rest.endsWith('.html') ? [rest] : [`${rest}.html`, join(rest, 'index.html')];
  return candidates.map((f) => join(outDir, f)).find((f) => existsSync(f));
}

export default function preloadRouteChunks(): Plugin {
  return {
    name: 'preload-route-chunks',
    postBuild({outDir, generatedFilesDir, routesPaths, baseUrl}) {
      const read = (file: string) => readFileSync(join(generatedFilesDir, file), 'utf8');
      const routes = readRoutes(read('routes.js'));
      const chunkNames = JSON.parse(read('routesChunkNames.json')) as Record<string, ChunkNames>;
      const filesOf = chunkFiles(JSON.parse(read('client-manifest.json')) as Manifest);
      for (const routePath of routesPaths) {
        const file = htmlFile(outDir, baseUrl, routePath);
        if (!file) continue;
        const names = matchRoutes(routes, routePath).flatMap((route) => flatten(chunkNames[route.key]));
        const scripts = [...new Set(names.flatMap(filesOf))];
        if (scripts.length === 0) continue;
        const html = readFileSync(file, 'utf8');
        const links = scripts
          .filter((script) => !html.includes(`href=${baseUrl}${script}`))
          .map((script) => `<link rel=preload as=script fetchpriority=low href=${baseUrl}${script}>`)
          .join('');
        writeFileSync(file, html.replace('</head>', `${links}</head>`));
      }
    },
  };
}
