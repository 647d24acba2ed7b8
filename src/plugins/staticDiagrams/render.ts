/**
 * Draws Mermaid diagrams to SVG at build time, in one headless Chromium for the whole build
 * (Playwright, the repo's test dependency, driving Debian's or Playwright's Chromium), with the
 * mermaid package the site depends on (its browser bundle, `mermaid/dist/mermaid.min.js`).
 *
 * Mermaid sizes each label with the fonts of the browser that draws it; a reader's font may be
 * wider than the build machine's. So each label is measured at `measureScale` times its size (a
 * stylesheet of the drawing page only, which the SVG does not carry): the boxes have that much
 * room to spare at the size the reader sees, and src/theme/Mermaid/styles.module.css lets a label
 * that still outgrows its box overflow visibly instead of being cut
 * (tests/e2e/diagrams-static.spec.ts draws the pages in a much wider font).
 *
 * No Chromium (a writer's machine without one): `diagramRenderer()` says why, once, and the
 * diagrams stay client-side (theme-mermaid's `mermaid` element, drawn by src/theme/Mermaid).
 */
import {existsSync} from 'node:fs';
import {createRequire} from 'node:module';
import {chromium, type Browser, type Page} from '@playwright/test';

const require = createRequire(import.meta.url);

/** The mermaid part of themeConfig (theme-mermaid's `mermaid`: a theme per colour mode, options). */
export type MermaidThemeConfig = {theme: {light: string; dark: string}; options: Record<string, unknown>};
export type ColourMode = 'light' | 'dark';
export const colourModes: readonly ColourMode[] = ['light', 'dark'];

/** Labels are measured this much larger than they are shown (see above). */
export const measureScale = 1.1;

/**
 * The Chromium to draw with, or why there is none: CHROMIUM_PATH, Playwright's own browser, then
 * Debian's. `DIAGRAMS=client` asks for client-side diagrams without looking. Unlike
 * scripts/chromium.cjs (the tests'), never installs one: a build must not need root.
 */
export function chooseChromium(env: Record<string, string | undefined>, candidates: readonly string[],
  exists: (path: string) => boolean): {path: string} | {reason: string} {
  if (env.DIAGRAMS === 'client') return {reason: 'DIAGRAMS=client'};
  if (env.CHROMIUM_PATH) {
    return exists(env.CHROMIUM_PATH) ? {path: env.CHROMIUM_PATH} : {reason: `CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist`};
  }
  const found = candidates.find((p) => p && exists(p));
  return found ? {path: found} : {reason: `no Chromium at ${candidates.filter(Boolean).join(', ')} and CHROMIUM_PATH is not set`};
}

/** The candidates chooseChromium looks at on this machine. */
export function chromiumCandidates(chromiumModule: {executablePath: () => string}): string[] {
  let playwrights = '';
  try {
    playwrights = chromiumModule.executablePath();
  } catch {
    // no Playwright browser registered
  }
  return [playwrights, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
}

/** The warning a writer sees once when the diagrams stay client-side. */
export function fallbackWarning(reason: string): string {
  return `[staticDiagrams] Mermaid diagrams are drawn in the reader's browser in this build (${reason}). `
    + 'Install Chromium (apt-get install chromium) or set CHROMIUM_PATH to draw them at build time, as the published site does.';
}

export type Renderer = {render: (text: string, id: string) => Promise<Record<ColourMode, string>>};

/** The tests' flags (scripts/chromium.cjs, which the build may not import): no sandbox, no calls home. */
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

let browser: Promise<Browser> | undefined;
/**
 * A drawing page per colour mode, each drawing every diagram of the build in the same order:
 * mermaid numbers some ids with counters that run on from one drawing to the next in its page (a
 * sequence diagram's actors), so the light and the dark drawing of a diagram come out with the
 * same ids, as ./colours.ts needs to make them one SVG.
 */
let pages: Promise<Record<ColourMode, Page>> | undefined;
/** Diagrams are drawn one after the other: mermaid is one mutable singleton in each page. */
let queue: Promise<unknown> = Promise.resolve();
let warned = false;
/** For the build log: diagrams drawn since the browser opened, and the time spent (browser start included). */
const spent = {diagrams: 0, ms: 0};

async function drawingPage(executablePath: string): Promise<Page> {
  browser ??= chromium.launch({executablePath, args: chromiumArgs});
  const b = await browser;
  const p = await b.newPage();
  await p.setContent(`<!doctype html><html><head><style>
    /* measured larger than shown: HTML labels (flowcharts) and SVG text (sequence diagrams) */
    foreignObject > div { font-size: ${measureScale * 100}% !important; }
    text > tspan { font-size: ${measureScale * 100}% !important; }
  </style></head><body></body></html>`);
  await p.addScriptTag({path: require.resolve('mermaid/dist/mermaid.min.js')});
  await p.addScriptTag({path: require.resolve('./page.js')});
  return p;
}

/** The build's renderer, or null (after one warning) when there is no Chromium to draw with. */
export async function diagramRenderer(config: MermaidThemeConfig): Promise<Renderer | null> {
  const choice = chooseChromium(process.env, chromiumCandidates(chromium), existsSync);
  if (!('path' in choice)) {
    if (!warned) console.warn(fallbackWarning(choice.reason));
    warned = true;
    return null;
  }
  const executablePath = choice.path;
  return {
    render(text, id) {
      const job = queue.then(async () => {
        const start = performance.now();
        pages ??= (async () => ({light: await drawingPage(executablePath), dark: await drawingPage(executablePath)}))();
        const modePages = await pages;
        const out = {} as Record<ColourMode, string>;
        for (const mode of colourModes) {
          const drawConfig = {startOnLoad: false, ...config.options, theme: config.theme[mode]};
          const args = JSON.stringify({text, id: `${id}-${mode}`, config: drawConfig, mode});
          out[mode] = await modePages[mode].evaluate(`window.drawDiagram(${args})`) as string;
        }
        spent.diagrams += 1;
        spent.ms += performance.now() - start;
        return out;
      });
      queue = job.catch(() => undefined);
      return job;
    },
  };
}

/** Closes the build's browser, if one was opened (the plugin's postBuild). */
export async function closeRenderer(): Promise<void> {
  const open = browser;
  browser = undefined;
  pages = undefined;
  if (!open) return;
  await (await open).close();
  console.log(`[staticDiagrams] drew ${spent.diagrams} diagrams in ${(spent.ms / 1000).toFixed(1)} s (starting the browser included)`);
  spent.diagrams = 0;
  spent.ms = 0;
}
