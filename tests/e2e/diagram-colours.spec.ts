import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {Browser, Locator, Page} from '@playwright/test';
import {mermaidThemeConfig} from '../../config/mermaid';
import {test, expect, hydrated} from './fixtures';

// A diagram drawn at build time is one SVG for both colour modes, its colours CSS custom
// properties with a palette per mode (src/plugins/staticDiagrams/colours.ts). What the reader sees
// must be what each mode's own drawing showed: here each diagram is drawn again in both modes, as
// the build draws it (mermaid's browser bundle, src/plugins/staticDiagrams/page.js, the site's
// mermaid config), each drawing put beside the page's SVG in the same container, and every
// element's computed colours compared, in light and dark, switching back and forth, on a first
// load in dark, and without JavaScript (light).

const root = join(__dirname, '../..');
/** Pages with the diagrams they exercise: a flowchart with rough.js stadiums, a flowchart and a sequence diagram. */
const pages = [
  {path: '/en_US/developer/intro/design', source: 'i18n/en/docusaurus-plugin-content-docs/current/developer/intro/design.md'},
  {path: '/guide/workflow', source: 'docs/guide/workflow.md'},
];

/** The ```mermaid blocks of a page's Markdown, as remark gives their text (no final line break). */
function mermaidTexts(file: string): string[] {
  return [...readFileSync(join(root, file), 'utf8').matchAll(/^```mermaid\n([\s\S]*?)\n```$/gm)].map((m) => m[1]!);
}

type Mode = 'light' | 'dark';

/** Draws `text` in `mode` as the build does, in a page of its own, and returns the SVG markup. */
async function draw(browser: Browser, text: string, id: string, mode: Mode): Promise<string> {
  // a context of its own, with JavaScript (the test's may have none)
  const context = await browser.newContext({javaScriptEnabled: true});
  const page = await context.newPage();
  await page.setContent('<!doctype html><html><head></head><body></body></html>');
  await page.addScriptTag({path: require.resolve('mermaid/dist/mermaid.min.js')});
  await page.addScriptTag({path: join(root, 'src/plugins/staticDiagrams/page.js')});
  const config = {startOnLoad: false, ...mermaidThemeConfig.options, theme: mermaidThemeConfig.theme[mode]};
  const svg = await page.evaluate(async (args) => (window as unknown as {drawDiagram: (a: unknown) => Promise<string>}).drawDiagram(args),
    {text, id: `${id}-${mode}`, config, mode});
  await context.close();
  return svg;
}

const colourProperties = ['fill', 'stroke', 'color', 'background-color', 'stop-color', 'flood-color', 'border-top-color', 'outline-color'];

/** The computed colours of every element of an SVG, in document order. */
function coloursOf(svg: Locator): Promise<string[]> {
  return svg.evaluate((root, properties) => [root, ...Array.from(root.querySelectorAll('*'))]
    .filter((el) => el.localName !== 'style')
    .map((el) => {
      const style = getComputedStyle(el);
      return `${el.localName} ${properties.map((p) => style.getPropertyValue(p)).join(' ')}`;
    }), colourProperties);
}

const containers = (page: Page): Locator => page.locator('article .docusaurus-mermaid-container');

/** Puts each drawing of each diagram beside the page's SVG, in the same container (so the same inherited colours). */
async function addReferences(page: Page, drawings: Record<Mode, string>[]): Promise<void> {
  await containers(page).evaluateAll((els, all) => {
    els.forEach((el, i) => {
      for (const mode of ['light', 'dark'] as const) {
        const holder = document.createElement('div');
        holder.innerHTML = all[i]![mode];
        const svg = holder.firstElementChild!;
        svg.setAttribute('data-reference', mode);
        el.append(svg);
      }
    });
  }, drawings);
}

async function expectColours(page: Page, mode: Mode, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const container = containers(page).nth(i);
    const shown = container.locator(':scope > svg[data-diagram-mode="both"]');
    const reference = container.locator(`:scope > svg[data-reference="${mode}"]`);
    const other = container.locator(`:scope > svg[data-reference="${mode === 'light' ? 'dark' : 'light'}"]`);
    const expected = await coloursOf(reference);
    expect(expected.length).toBeGreaterThan(10);
    await expect.poll(() => coloursOf(shown), `diagram ${i + 1} in ${mode} mode`).toEqual(expected);
    // the two drawings do differ, so the comparison above tells the modes apart
    expect(await coloursOf(other)).not.toEqual(expected);
  }
}

for (const {path, source} of pages) {
  test.describe(path, () => {
    let drawings: Record<Mode, string>[] = [];

    test.beforeAll(async ({browser}) => {
      const page = await browser.newPage();
      await page.goto(path);
      const ids = await containers(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-diagram')!));
      await page.close();
      const texts = mermaidTexts(source);
      expect(ids).toHaveLength(texts.length);
      drawings = [];
      for (const [i, text] of texts.entries()) {
        // the same text as the build's: the id starts with its hash
        expect(ids[i]).toBe(`diagram-${createHash('sha256').update(text).digest('hex').slice(0, 8)}-${i}`);
        drawings.push({light: await draw(browser, text, ids[i]!, 'light'), dark: await draw(browser, text, ids[i]!, 'dark')});
      }
    });

    test('one SVG per diagram shows each mode\'s colours, switching back and forth', async ({page}) => {
      await page.emulateMedia({colorScheme: 'light'});
      await page.goto(path);
      await hydrated(page);
      await expect(containers(page).locator(':scope > svg')).toHaveCount(drawings.length);
      await addReferences(page, drawings);
      await expectColours(page, 'light', drawings.length);
      await page.emulateMedia({colorScheme: 'dark'});
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expectColours(page, 'dark', drawings.length);
      await page.emulateMedia({colorScheme: 'light'});
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      await expectColours(page, 'light', drawings.length);
    });

    test.describe(() => {
      test.use({allowedConsoleErrors: [/Failed to load resource/]});
      test('a first load in dark mode has the dark colours before any script of the bundle runs', async ({page}) => {
        await page.emulateMedia({colorScheme: 'dark'});
        // The server's HTML as the first paint has it: the bundle's scripts are refused (the theme's
        // inline script, which sets data-theme, is in the HTML).
        await page.route(/\/assets\/js\/.*\.js$/, (route) => route.abort());
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
        await addReferences(page, drawings);
        await expectColours(page, 'dark', drawings.length);
        expect(await page.locator('html').getAttribute('data-has-hydrated')).toBe('false');
      });
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({javaScriptEnabled: false});
  test('the diagrams show the light drawing\'s colours', async ({page, browser}) => {
    const {path, source} = pages[1]!;
    await page.goto(path);
    expect(await page.locator('html').getAttribute('data-theme')).toBeNull();
    const ids = await containers(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-diagram')!));
    const texts = mermaidTexts(source);
    const drawings: Record<Mode, string>[] = [];
    for (const [i, text] of texts.entries()) {
      drawings.push({light: await draw(browser, text, ids[i]!, 'light'), dark: await draw(browser, text, ids[i]!, 'dark')});
    }
    // evaluate runs even with the page's JavaScript off
    await addReferences(page, drawings);
    await expectColours(page, 'light', drawings.length);
  });
});

// What ./page.js leaves out of a drawing (style rules that match nothing, markers and symbols
// nothing uses, colour attributes the stylesheet overrides, data-points) and the paths it
// rewrites in relative coordinates must not change what is drawn: the compared drawings above
// are made the same way, so here each is held against mermaid's own SVG (its coordinates rounded
// to a hundredth, as before), pixel by pixel.
test('a drawing without what draws nothing looks as mermaid drew it', async ({browser}) => {
  const context = await browser.newContext({javaScriptEnabled: true, viewport: {width: 3000, height: 2000}});
  const page = await context.newPage();
  await page.setContent('<!doctype html><html><head></head><body style="margin:0;background:#fff"></body></html>');
  await page.addScriptTag({path: require.resolve('mermaid/dist/mermaid.min.js')});
  await page.addScriptTag({path: join(root, 'src/plugins/staticDiagrams/page.js')});
  const texts = [...mermaidTexts(pages[0]!.source), ...mermaidTexts(pages[1]!.source)];
  for (const [i, text] of texts.entries()) {
    for (const mode of ['light', 'dark'] as const) {
      const config = {startOnLoad: false, ...mermaidThemeConfig.options, theme: mermaidThemeConfig.theme[mode]};
      await page.evaluate(async ({text, config, mode, i}) => {
        const w = window as unknown as {mermaid: {initialize: (c: unknown) => void; render: (id: string, t: string) => Promise<{svg: string}>};
          drawDiagram: (a: unknown) => Promise<string>};
        w.mermaid.initialize(config);
        const {svg: own} = await w.mermaid.render(`own-${i}-${mode}`, text);
        const drawn = await w.drawDiagram({text, id: `drawn-${i}-${mode}`, config, mode});
        // at the same place (the same sub-pixel offsets), one shown at a time
        document.body.innerHTML = `<div id="own" style="position:absolute;top:0;left:0;width:100%">${own}</div>`
          + `<div id="drawn" style="position:absolute;top:0;left:0;width:100%;visibility:hidden">${drawn}</div>`;
        for (const svg of Array.from(document.querySelectorAll('svg'))) svg.style.maxWidth = 'none';
        // mermaid's coordinates to a hundredth, as page.js has written them since it first drew
        for (const el of Array.from(document.querySelectorAll('#own g [d]'))) {
          if (el.closest('symbol, marker, defs')) continue;
          el.setAttribute('d', el.getAttribute('d')!.replace(/(?<![\d.])-?\d+\.\d{3,}(?![\d.eE])/g, (n) => String(Math.round(Number(n) * 100) / 100)));
        }
      }, {text, config, mode, i});
      const own = await page.locator('#own > svg').screenshot();
      await page.evaluate(() => {
        document.getElementById('own')!.style.visibility = 'hidden';
        document.getElementById('drawn')!.style.visibility = 'visible';
      });
      const drawn = await page.locator('#drawn > svg').screenshot();
      const compared = await page.evaluate(async ([a, b]) => {
        const load = (s: string) => new Promise<HTMLImageElement>((resolve) => {
          const image = new Image();
          image.onload = () => resolve(image);
          image.src = `data:image/png;base64,${s}`;
        });
        const pixels = (image: HTMLImageElement) => {
          const canvas = document.createElement('canvas');
          canvas.width = image.width;
          canvas.height = image.height;
          const g = canvas.getContext('2d')!;
          g.drawImage(image, 0, 0);
          return g.getImageData(0, 0, image.width, image.height).data;
        };
        const [x, y] = [await load(a!), await load(b!)];
        if (x.width !== y.width || x.height !== y.height) return {size: `${x.width}x${x.height} / ${y.width}x${y.height}`, differing: -1, inked: 0};
        const [p, q] = [pixels(x), pixels(y)];
        let differing = 0;
        let inked = 0;
        for (let k = 0; k < p.length; k += 4) {
          // a channel more than 8 of 255 apart (the browser's sums of relative coordinates move a few pixels by less)
          if ([0, 1, 2].some((c) => Math.abs(p[k + c]! - q[k + c]!) > 8)) differing += 1;
          if (p[k]! < 250 || p[k + 1]! < 250 || p[k + 2]! < 250) inked += 1;
        }
        return {size: `${x.width}x${x.height}`, differing, inked};
      }, [own.toString('base64'), drawn.toString('base64')]);
      expect(compared.inked, `diagram ${i + 1} (${mode}) draws something`).toBeGreaterThan(1000);
      expect(compared, `diagram ${i + 1} (${mode})`).toEqual({size: compared.size, differing: 0, inked: compared.inked});
    }
  }
  await context.close();
});
