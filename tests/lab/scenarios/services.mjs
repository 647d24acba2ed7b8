// /config/service*, /config/browserforwarder: the examples that switch services on through the
// top-level "services" map (or, for the browser forwarder, its own v4 key).
import {execFileSync} from 'node:child_process';
import {connect} from 'node:net';
import {TARGET, throughServer, vmessClient, vmessServer} from '../kit.mjs';

const ALICE = 'a4f08c2d-6e3b-4d71-9c58-2b1e7f0a93d6';
const BOB = 'd2e6b153-8f0a-4c97-b3e4-5a1c9d7f2086';

/**
 * How long the server at 127.0.0.1:port keeps a TCP connection that never sends a byte (the
 * handshake timeout), in ms; gives up after limitMs.
 * @param {number} port @param {number} limitMs
 * @returns {Promise<number>}
 */
function silentConnectionLasts(port, limitMs) {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const s = connect(port, '127.0.0.1');
    const timer = setTimeout(() => { s.destroy(); resolve(limitMs); }, limitMs);
    s.on('close', () => { clearTimeout(timer); resolve(Date.now() - t0); });
    s.on('error', (e) => { if (!/ECONNRESET/.test(e.message)) { clearTimeout(timer); reject(e); } });
  });
}

/**
 * The browser forwarding examples: the forwarding page answers (its files copied from v2ray-core's
 * release/extra, as v2ray-extra.zip ships them), and without a browser holding it open no
 * connection through the WebSocket outbound reaches the server, which is running.
 * @param {import('../run.mjs').LabContext} lab @param {number} pagePort
 */
async function withoutBrowser(lab, pagePort) {
  const page = await fetch(`http://127.0.0.1:${lab.port(pagePort)}/`, {signal: AbortSignal.timeout(5_000)});
  const html = await page.text();
  lab.expect(page.status === 200 && /<script/i.test(html), `the forwarding page should answer on port ${pagePort}, got ${page.status}: ${html.slice(0, 200)}`,
    {pageAddress: `127.0.0.1:${pagePort}`});
  const error = await lab.fetchFails(lab.socks(1080), TARGET.url);
  lab.expect(error, 'no connection without a browser');
  lab.expect(!/accepted/.test(lab.access('server')), `the server must see no connection without a browser:\n${lab.access('server')}`);
}

/** The server a browser-forwarded outbound would reach: VMess on WebSocket and TLS. @param {string} id @param {string} path */
const wsServer = (id, path) => ({inline: vmessServer({id, port: 443, stream: {network: 'ws', security: 'tls', wsSettings: {path}}})});

/** @type {import('../run.mjs').Scenario[]} */
export default [
  {
    name: 'policy-service-levels',
    proves: {
      zh: '{users}都能用各自的 id 连上服务器，数据双向完整到达；一条连上后什么也不发的连接在约 {closedAfter} 秒后被服务器关闭，正是等级 {silentLevel} 的握手超时 {handshake} 秒。',
      en: '{users} reach the server with their own ids and data arrives intact both ways; a connection that sends nothing is closed by the server after about {closedAfter} s, level {silentLevel}\'s handshake timeout of {handshake} s.',
    },
    run: {server: 'policy-service-levels', alice: {inline: vmessClient({id: ALICE, address: 'proxy.example.com', port: 10086})}},
    later: {bob: {inline: vmessClient({id: BOB, address: 'proxy.example.com', port: 10086})}},
    ports: [10086, 1080],
    async check(lab) {
      const users = lab.source('server').inbounds[0].settings.clients;
      const levelOf = (/** @type {string} */ email) => users.find((/** @type {any} */ u) => u.email === email)?.level ?? 0;
      /** @param {string} email */
      const said = (email) => ({zh: `${email}（等级 ${levelOf(email)}）`, en: `${email} (level ${levelOf(email)})`});
      await throughServer(lab, {serverLog: /accepted tcp:example\.com:80 email: alice@example\.com/});
      lab.saw({users: said('alice@example.com')});
      await lab.stop('alice');
      await lab.start('bob');
      await throughServer(lab, {serverLog: /accepted tcp:example\.com:80 email: bob@example\.com/});
      lab.saw({users: said('bob@example.com')});
      // a connection that never authenticates has no user: level 0's policy applies
      const handshake = lab.source('server').services.policy.level['0'].timeout.handshake.value;
      const ms = await silentConnectionLasts(lab.port(10086), 15_000);
      lab.expect(Math.abs(ms - handshake * 1000) <= 1_500, `a silent connection should be closed after about ${handshake} s, lasted ${ms} ms`,
        {closedAfter: Math.round(ms / 1000), handshake, silentLevel: 0});
    },
  },
  {
    name: 'stats-service-server',
    proves: {
      zh: '用 services 开启统计和策略的服务器照常运行：用户 {user} 经 VMess 连上（客户端由测试编写），数据双向完整到达，访问日志记下她的 email。示例没有开 API，计数器本身无法读出，测试没有检查。',
      en: 'the server with stats and policy switched on through services runs as usual: {user} connects over VMess (the client is written by the test), data arrives intact both ways, and the access log names her email. The example has no API, so the counters themselves cannot be read; the test does not check them.',
    },
    run: {server: 'stats-service-server', client: {inline: vmessClient({id: ALICE, address: 'proxy.example.com', port: 10086})}},
    ports: [10086, 1080],
    async check(lab) {
      await throughServer(lab, {serverLog: /accepted tcp:example\.com:80 \[direct\] email: (?<user>\S+)/});
    },
  },
  {
    name: 'services-map',
    proves: {
      zh: 'services 中的两个服务都启动了：浏览器转发的网页在 {pageAddress} 上应答；Socks 代理经 Freedom 直连目标，数据双向完整到达。',
      en: 'both services in the map start: the browser forwarding page answers on {pageAddress}, and the Socks proxy reaches the destination directly through Freedom with data intact both ways.',
    },
    run: {config: 'services-map'},
    ports: [1080, 8080],
    async check(lab) {
      const page = await fetch(`http://127.0.0.1:${lab.port(8080)}/`, {signal: AbortSignal.timeout(5_000)});
      lab.expect(page.status === 200 && /<script/i.test(await page.text()), `the browser service should answer on port 8080, got ${page.status}`, {pageAddress: `127.0.0.1:${lab.pagePort(lab.port(8080))}`});
      const r = await lab.fetch(lab.socks(1080), TARGET.url);
      lab.expect(r.reached === TARGET.reached, `reached ${r.reached}`);
    },
  },
  {
    name: 'subscription-before-download',
    proves: {
      zh: '订阅文档还没下载下来时（测试里 {host} 无法访问），还没有 {prefix} 开头的出站，均衡器选不出出站，连接交给默认出站 {outbound} 直接发出。',
      en: 'while the subscription document has not been downloaded (in the test, {host} cannot be reached), no outbound starts with {prefix}, the balancer selects nothing, and connections go out through the default outbound, {outbound}.',
    },
    run: {config: 'subscription-balancer'},
    ports: [1080],
    async check(lab) {
      const r = await lab.fetch(lab.socks(1080), TARGET.url);
      lab.expect(r.reached === TARGET.reached, `reached ${r.reached}`);
      await lab.accessLine('config', /accepted tcp:example\.com:80 \[(?<outbound>direct)\]/, 'example.com sent to direct');
      const cfg = lab.source('config');
      lab.expect(cfg.outbounds[0].tag === lab.seen.outbound, 'the default outbound is the first', {host: new URL(cfg.services.subscription.imports[0].url).hostname, prefix: cfg.routing.balancers[0].selector[0]});
    },
  },
  {
    name: 'browser-service-ws',
    proves: {
      zh: '浏览器转发的网页在 {pageAddress} 上应答（网页文件取自 v2ray-extra）；没有浏览器打开它时，经 WebSocket 出站的连接建立不起来，正在运行的服务器（由测试编写）收不到任何连接。',
      en: 'the browser forwarding page answers on {pageAddress} (its files taken from v2ray-extra); with no browser holding it open, no connection through the WebSocket outbound is made, and the running server (written by the test) receives none.',
    },
    run: {server: wsServer('7c1f93a0-4be2-4d65-8a37-e05d2b9c164f', '/ws-7d1c'), config: 'browser-service-ws'},
    ports: [443, 1080, 8090],
    async check(lab) { await withoutBrowser(lab, 8090); },
  },
  {
    name: 'browser-forwarder-ws',
    proves: {
      zh: 'browserForwarder 的网页在 {pageAddress} 上应答（网页文件取自 v2ray-extra）；没有浏览器打开它时，经 WebSocket 出站的连接建立不起来，正在运行的服务器（由测试编写）收不到任何连接。',
      en: 'the browserForwarder page answers on {pageAddress} (its files taken from v2ray-extra); with no browser holding it open, no connection through the WebSocket outbound is made, and the running server (written by the test) receives none.',
    },
    run: {server: wsServer('66af4df0-a5fe-4845-a902-b05b44dcdf77', '/ray'), config: 'browser-forwarder-ws'},
    ports: [443, 1080, 8080],
    async check(lab) { await withoutBrowser(lab, 8080); },
  },
  {
    name: 'tun-vmess',
    exclusive: true, // it changes the namespace's routing while it runs
    proves: {
      zh: '按页面的系统设置（IPv4 部分）把路由指向 {device} 后，发往一个本机之外的地址（{outside}）的 HTTP 连接进入 TUN，嗅探出 Host 中的 {sniffed}，经 VMess 到达服务器（由测试编写），服务器连往 {sniffed}；V2Ray 自己带标记 {mark} 的连接照常走主路由表，没有回环。',
      en: 'with the routing of the page\'s system setup (its IPv4 part) pointing at {device}, an HTTP connection to an address outside the machine ({outside}) enters the TUN, sniffing finds {sniffed} in its Host, and it reaches the server (written by the test) over VMess, which dials {sniffed}; V2Ray\'s own connections, marked {mark}, keep to the main table, with no loop.',
    },
    run: {server: {inline: vmessServer({id: '8b5e0f27-d91c-4a36-b7e4-30f6c2a9d158', port: 10086})}, config: 'tun-vmess'},
    ports: [10086],
    async check(lab) {
      const ip = (/** @type {string[]} */ args) => execFileSync('ip', args, {timeout: 5_000, stdio: ['ignore', 'ignore', 'pipe']});
      const device = lab.source('config').services.tun.name;
      const mark = lab.source('config').outbounds.find((/** @type {any} */ o) => o.streamSettings?.sockopt?.mark)?.streamSettings.sockopt.mark;
      await lab.waitFor(() => { try { ip(['link', 'show', device]); return true; } catch { return false; } }, `v2ray creates ${device}`, 5_000);
      // the page's commands, IPv4 part (the lab's namespace has no IPv6 routes to divert)
      ip(['link', 'set', 'dev', device, 'up']);
      ip(['route', 'add', 'default', 'dev', device, 'table', '100']);
      ip(['rule', 'add', 'fwmark', String(mark), 'lookup', 'main', 'priority', '100']);
      ip(['rule', 'add', 'lookup', '100', 'priority', '200']);
      try {
        const r = await lab.fetch({plain: 80, host: '203.0.113.99'}, 'http://example.com/');
        lab.expect(r.reached === TARGET.reached && r.host === 'example.com', `the connection should reach example.com (${TARGET.reached}), reached ${r.reached} for ${r.host}`);
        await lab.accessLine('server', /accepted tcp:(?<sniffed>example\.com):80/, 'the server dialling the sniffed example.com');
        await lab.accessLine('config', /accepted tcp:(?<outside>203\.0\.113\.99:80) \[proxy\]/, 'the TUN connection sent to proxy');
        await lab.errorLine('config', /sniffed domain: (?<sniffed>example\.com) for tcp:203\.0\.113\.99:80/, 'the TUN sniffing example.com');
        lab.saw({device, mark});
      } finally {
        for (const pr of ['100', '200']) { try { ip(['rule', 'del', 'priority', pr]); } catch { /* not added */ } }
      }
    },
  },
];
