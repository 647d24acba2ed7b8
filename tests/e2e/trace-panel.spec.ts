import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';
import {geositeDat} from '../toolkit/geo.mjs';
import {test, expect, hydrated, localePath, recordRequests, type Locale} from './fixtures';

/**
 * The trace panel under the checker. One test per kind of step (a rule match, a
 * domainStrategy lookup, a balancer, a DNS fallback, an undecided geo condition, a loaded geo
 * file), in both languages; nothing is requested while tracing; axe finds nothing.
 */

const page404 = /status of 404/;
test.use({allowedConsoleErrors: [page404]});

const texts = {
  zh: {editor: '配置文件内容', address: '目标（域名或 IP）', port: '端口', answer: 'DNS 返回的 IP（可选，用逗号分隔）', inbound: '入站标记（可选）',
    result: (t: string) => `结论：走出站 ${t}`, title: '这个连接会去哪里？', undecided: '未定：如果 geosite:cn 成立', loaded: '已读入 geosite.dat',
    fallbackWarn: '会回退到 UDP:223.5.5.5:53', secondPass: 'IPIfNonMatch', badPort: '端口应当是 0 到 65535 之间的整数。', trace: '在检查器中追踪这个示例',
    noProblems: '没有发现问题', detected: (v: string) => `看起来是 ${v} 配置`},
  en: {editor: 'Configuration file', address: 'Destination (domain or IP)', port: 'Port', answer: 'IPs the DNS answers (optional, comma-separated)', inbound: 'Inbound tag (optional)',
    result: (t: string) => `Result: outbound ${t}`, title: 'Where does this connection go?', undecided: 'Undecided: if geosite:cn holds', loaded: 'Read geosite.dat',
    fallbackWarn: 'falls back to UDP:223.5.5.5:53', secondPass: 'IPIfNonMatch', badPort: 'The port should be a whole number from 0 to 65535.', trace: 'Trace this example in the checker',
    noProblems: 'no problems found', detected: (v: string) => `Looks like a ${v} configuration`},
} as const;

const config = JSON.stringify({
  inbounds: [{tag: 'socks-in', listen: '127.0.0.1', port: 1080, protocol: 'socks'}],
  outbounds: [{tag: 'proxy', protocol: 'freedom'}, {tag: 'direct', protocol: 'freedom'}, {tag: 'block', protocol: 'blackhole'},
    {tag: 'px-a', protocol: 'freedom'}, {tag: 'px-b', protocol: 'freedom'}],
  dns: {servers: [{address: '223.5.5.5', domains: ['domain:cn.example']}, '8.8.8.8']},
  routing: {
    domainStrategy: 'IPIfNonMatch',
    balancers: [{tag: 'pool', selector: ['px-']}],
    rules: [
      {type: 'field', domain: ['domain:example.com'], outboundTag: 'direct'},
      {type: 'field', domain: ['geosite:cn'], outboundTag: 'direct'},
      {type: 'field', ip: ['10.0.0.0/8'], outboundTag: 'block'},
      {type: 'field', port: '8443', balancerTag: 'pool'},
    ],
  },
}, null, 2);

async function openWithConfig(page: Page, locale: Locale): Promise<void> {
  await page.goto(localePath('/awesome/config-checker', locale));
  await hydrated(page);
  const editor = page.getByRole('textbox', {name: texts[locale].editor});
  await editor.click();
  await page.keyboard.insertText(config);
  await expect(page.getByRole('heading', {name: texts[locale].title})).toBeVisible();
}

async function traceTo(page: Page, locale: Locale, address: string, port = '443', answer = ''): Promise<void> {
  await page.getByRole('textbox', {name: texts[locale].port}).fill(port);
  await page.getByRole('textbox', {name: texts[locale].answer}).fill(answer);
  await page.getByRole('textbox', {name: texts[locale].address}).fill(address);
}

// One checker page per language for the kinds of step: each trace below fills every field it
// reads, and each step first waits for what the trace before it could not have shown. The opened
// geosite.dat stays loaded, so that step is last.
for (const locale of ['zh', 'en'] as const) {
  const t = texts[locale];

  test(`${locale}: a rule match, a domainStrategy lookup, a balancer, a warned DNS fallback, a bad port, an undecided geo condition`, async ({page, baseURL}) => {
    test.setTimeout(120_000);
    await openWithConfig(page, locale);

    await test.step('a rule match', async () => {
      await traceTo(page, locale, 'www.example.com');
      await expect(page.getByTestId('trace-summary')).toContainText(t.result('direct'));
      const matched = page.getByTestId('trace-route').locator('li[data-step="rule"][data-result="yes"]');
      await expect(matched).toHaveCount(1);
      await expect(matched).toContainText('domain:example.com');
    });

    await test.step('a domainStrategy lookup', async () => {
      await traceTo(page, locale, 'intranet.test', '443', '10.1.2.3');
      await expect(page.getByTestId('trace-summary')).toContainText(t.result('block'));
      await expect(page.locator('li[data-step="secondPass"]')).toContainText(t.secondPass);
      await expect(page.locator('li[data-step="lookup"]')).toContainText('intranet.test');
      await expect(page.locator('li[data-step="rule"][data-result="yes"]')).toContainText('10.1.2.3');
    });

    await test.step('a balancer', async () => {
      await traceTo(page, locale, '203.0.113.7', '8443');
      const step = page.locator('li[data-step="balancer"]');
      await expect(step).toContainText('pool');
      await expect(step).toContainText('px-a, px-b');
      await expect(page.getByTestId('trace-summary')).toContainText(t.result('px-a | px-b'));
    });

    await test.step('a DNS fallback to a server meant for other names is warned about', async () => {
      await traceTo(page, locale, 'www.example.org', '443', '198.51.100.1');
      const servers = page.locator('li[data-step="lookup"] li[data-step="dns-server"]');
      await expect(servers).toHaveCount(2);
      await expect(servers.first()).toHaveAttribute('data-why', 'fallback');
      await expect(servers.first()).toContainText('UDP:223.5.5.5:53');
      await expect(page.getByTestId('trace-warnings').locator('[data-warning="dnsFallbackToOther"]')).toContainText(t.fallbackWarn);
    });

    await test.step('a bad port gets an answer; nothing is requested while tracing', async () => {
      await traceTo(page, locale, 'www.example.com');
      await expect(page.getByTestId('trace-summary')).toContainText(t.result('direct'));
      const requests = recordRequests(page, baseURL);
      await traceTo(page, locale, 'www.example.com', '70000');
      await expect(page.getByTestId('trace-input-error')).toHaveText(t.badPort);
      await traceTo(page, locale, '10.9.9.9', '80');
      await page.getByRole('combobox', {name: t.inbound}).fill('socks-in');
      await expect(page.getByTestId('trace-summary')).toContainText(t.result('block'));
      expect([...requests.own, ...requests.foreign]).toEqual([]);
      await page.getByRole('combobox', {name: t.inbound}).fill('');
    });

    await test.step('an undecided geo condition, then decided by an opened geosite.dat', async () => {
      await traceTo(page, locale, 'www.163.com', '443', '198.51.100.1');
      await expect(page.getByTestId('trace-summary')).toContainText(t.result('proxy'));
      await expect(page.locator('li[data-step="rule"][data-result="unknown"]').first()).toContainText('geosite:cn');
      await expect(page.getByTestId('trace-alternatives')).toContainText(t.undecided);
      // the reader's own file, read in the browser: nothing is sent
      const requests = recordRequests(page, page.url());
      await page.getByTestId('trace-geo').setInputFiles({name: 'geosite.dat', mimeType: 'application/octet-stream',
        buffer: Buffer.from(geositeDat({cn: [['domain', '163.com']]}))});
      await expect(page.getByTestId('trace-geo-status')).toContainText(t.loaded);
      await expect(page.getByTestId('trace-summary')).toContainText(t.result('direct'));
      await expect(page.getByTestId('trace-alternatives')).toHaveCount(0);
      expect([...requests.own, ...requests.foreign]).toEqual([]);
    });
  });
}

for (const locale of ['zh', 'en'] as const) {
  test(`${locale}: a #trace= address that cannot be decoded is told, and a good one then loads`, async ({page}) => {
    await page.goto(`${localePath('/awesome/config-checker', locale)}#trace=%7B%22routing%E0%A4%A`);
    await hydrated(page);
    await expect(page.getByTestId('trace-hash-broken')).toContainText(locale === 'zh' ? '无法解码' : 'cannot be decoded');
    await expect(page.getByTestId('check-status')).toContainText(locale === 'zh' ? '粘贴或输入配置后' : 'Paste or type');
    await page.evaluate((hash) => { window.location.hash = hash; }, `trace=${encodeURIComponent(config)}`);
    await expect(page.getByRole('heading', {name: texts[locale].title})).toBeVisible();
    await expect(page.getByTestId('trace-hash-broken')).toHaveCount(0);
  });
}

test.describe('when the panel cannot be fetched', () => {
  // one pattern: test.use takes a two-element array as [value, options]
  test.use({allowedConsoleErrors: [/status of 404|Failed to load resource|ChunkLoadError|Loading chunk|trace-panel/]});

  test('a message and a retry that brings the panel', async ({page}) => {
    let fail = true;
    await page.route(/\/trace-panel\.[0-9a-f]+\.js$/, (route) => (fail ? route.abort('connectionreset') : route.continue()));
    await page.goto(localePath('/awesome/config-checker', 'en'));
    await hydrated(page);
    await page.getByRole('textbox', {name: texts.en.editor}).click();
    await page.keyboard.insertText(config);
    const alert = page.getByRole('alert').filter({hasText: 'The trace panel failed to load'});
    await expect(alert).toBeVisible();
    fail = false;
    await alert.getByRole('button', {name: 'Retry'}).click();
    await expect(page.getByRole('heading', {name: texts.en.title})).toBeVisible();
    await traceTo(page, 'en', 'www.example.com');
    await expect(page.getByTestId('trace-summary')).toContainText(texts.en.result('direct'));
  });
});

for (const mode of ['light', 'dark'] as const) {
  test(`the trace panel has no axe violations (${mode})`, async ({page}) => {
    await page.emulateMedia({colorScheme: mode});
    await openWithConfig(page, 'en');
    await traceTo(page, 'en', 'www.163.com', '443', '198.51.100.1');
    await expect(page.getByTestId('trace-warnings')).toBeVisible();
    const {violations} = await new AxeBuilder({page}).include('[data-testid="trace-panel"]').analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

for (const locale of ['zh', 'en'] as const) {
  test(`${locale}: "trace this example" opens the checker with the example loaded`, async ({page}) => {
    await page.goto(localePath('/config/routing', locale));
    await hydrated(page);
    const link = page.getByRole('link', {name: texts[locale].trace}).first();
    await expect(link).toHaveAttribute('href', new RegExp(`^${localePath('/awesome/config-checker', locale)}#trace=`));
    await link.click();
    await expect(page).toHaveURL(/\/awesome\/config-checker#trace=/);
    await hydrated(page);
    await expect(page.getByRole('heading', {name: texts[locale].title})).toBeVisible();
    await expect(page.getByRole('textbox', {name: texts[locale].editor})).toContainText('geosite:category-ads-all');
    await traceTo(page, locale, 'shop.example.cn');
    await expect(page.getByTestId('trace-summary')).toContainText(texts[locale].result('direct'));
  });
}

/**
 * A fragment's link (fragment=<Object> trace="name") carries the fragment wrapped into a whole
 * configuration: the checker finds no problem in it, tells its format, and the trace runs on it.
 * `unique` is a piece of the fragment, percent-encoded as in the link, that no other link on the page has.
 */
const fragments = [
  {page: '/config/routing', unique: 'keyword%3Avideo', format: 'v4', shows: ['"tag": "default"', 'keyword:video'],
    trace: {address: 'www.example.org', port: '8080', inbound: 'socks-in'}, result: 'proxy', step: 'rule'},
  {page: '/v5/config/router', unique: 'stickyChoice', format: 'v5', shows: ['"balancingTag": "auto"', 'stickyChoice'],
    trace: {address: 'www.example.com', port: '443', inbound: ''}, result: 'proxy-1 | proxy-2', step: 'balancer'},
  {page: '/config/observatory', unique: 'multiObservatory', format: 'v4', shows: ['"observerTag": "asia"', '"tag": "proxy-frankfurt-1"'],
    trace: {address: 'www.example.com', port: '443', inbound: 'europe'}, result: 'proxy-frankfurt-1 | proxy-frankfurt-2', step: 'balancer'},
  {page: '/v5/config/service/burstObservatory', unique: '%22balancingTag%22%3A%22balancer%22', format: 'v5', shows: ['"strategy": "leastload"', 'samplingCount'],
    trace: {address: 'www.example.com', port: '443', inbound: ''}, result: 'proxy-1 | proxy-2', step: 'balancer'},
] as const;

// One browser page per language; each example is a step that starts from its page.
for (const locale of ['zh', 'en'] as const) {
  test(`${locale}: a fragment's "trace this example" (${fragments.map((f) => f.page).join(', ')}) opens the checker with it wrapped, no schema error, traceable`, async ({page}) => {
    test.setTimeout(30_000 + fragments.length * 30_000);
    const t = texts[locale];
    for (const f of fragments) {
      await test.step(f.page, async () => {
        await page.goto(localePath(f.page, locale));
        await hydrated(page);
        const link = page.locator(`a[data-trace-link][href*="${f.unique}"]`);
        await expect(link).toHaveCount(1);
        await expect(link).toHaveText(t.trace);
        await link.click();
        await expect(page).toHaveURL(/\/awesome\/config-checker#trace=/);
        await hydrated(page);
        await expect(page.getByRole('heading', {name: t.title})).toBeVisible();
        const editor = page.getByRole('textbox', {name: t.editor});
        for (const text of f.shows) await expect(editor).toContainText(text);
        await expect(page.getByTestId('check-status')).toContainText(t.noProblems);
        await expect(page.getByTestId('problems')).toHaveCount(0);
        await expect(page.getByTestId('detected')).toHaveText(t.detected(f.format));
        await page.getByRole('combobox', {name: t.inbound}).fill(f.trace.inbound);
        await traceTo(page, locale, f.trace.address, f.trace.port);
        await expect(page.getByTestId('trace-summary')).toContainText(t.result(f.result));
        await expect(page.getByTestId('trace-route').locator(`li[data-step="${f.step}"]`).first()).toBeVisible();
      });
    }
  });
}

/**
 * Whole configurations of other pages: the link loads them as written, the inbound-tag field
 * offers the tags a reverse bridge or a loopback outbound gives its connections (no inbound has
 * them), and the trace reaches the outbound the page names (a reverse portal is one).
 */
const wholes = [
  {page: '/config/reverse', unique: '%22portals%22', offers: ['public-web', 'tunnel-in'],
    trace: {address: '192.168.1.10', port: '80', inbound: 'public-web'}, result: 'portal'},
  {page: '/config/reverse', unique: '%22bridges%22', offers: ['bridge'],
    trace: {address: 'tunnel.home.internal', port: '0', inbound: 'bridge'}, result: 'tunnel'},
  {page: '/config/protocols/loopback', unique: '%22loopback%22', offers: ['socks-in', 'example-org'],
    trace: {address: 'www.example.org', port: '443', inbound: 'example-org'}, result: 'proxy'},
] as const;

for (const locale of ['zh', 'en'] as const) {
  test(`${locale}: "trace this example" of whole configurations offers their inbound tags and reaches their outbound`, async ({page}) => {
    test.setTimeout(30_000 + wholes.length * 30_000);
    const t = texts[locale];
    for (const w of wholes) {
      await test.step(`${w.page} (${decodeURIComponent(w.unique)}) offers ${w.offers.join(', ')} and reaches ${w.result}`, async () => {
        await page.goto(localePath(w.page, locale));
        await hydrated(page);
        const link = page.locator(`a[data-trace-link][href*="${w.unique}"]`);
        await expect(link).toHaveCount(1);
        await link.click();
        await expect(page).toHaveURL(/\/awesome\/config-checker#trace=/);
        await hydrated(page);
        await expect(page.getByRole('heading', {name: t.title})).toBeVisible();
        await expect(page.getByTestId('detected')).toHaveText(t.detected('v4'));
        const inbound = page.getByRole('combobox', {name: t.inbound});
        const list = await inbound.getAttribute('list');
        const options = page.locator(`datalist[id="${list}"] option`);
        await expect.poll(() => options.evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual([...w.offers]);
        await inbound.fill(w.trace.inbound);
        await traceTo(page, locale, w.trace.address, w.trace.port);
        await expect(page.getByTestId('trace-summary')).toContainText(t.result(w.result));
      });
    }
  });
}
