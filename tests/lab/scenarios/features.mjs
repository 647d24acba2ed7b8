// Whole-configuration examples: API and stats, policy, dynamic ports, chaining, reverse proxy,
// the overview and outbound examples, the merged multi-file result.
import {TARGET, dialled, throughServer, vmessClient, vmessServer} from '../kit.mjs';

const ID = '66af4df0-a5fe-4845-a902-b05b44dcdf77';
const ID2 = '8e50d5ae-397d-49b0-9964-1fc852b673fb';

/**
 * Value of a counter in `v2ray api stats -json` output ({"stat": [{"name", "value"}]}, the value a
 * string, left out while it is 0); null when the counter is not listed.
 * @param {string} out @param {string} name
 */
function counter(out, name) {
  /** @type {{stat?: {name: string, value?: string}[]}} */
  const json = JSON.parse(out || '{}');
  const stat = json.stat?.find((x) => x.name === name);
  return stat ? Number(stat.value ?? 0) : null;
}

/** @type {import('../run.mjs').Scenario[]} */
/**
 * The routing of the multi-file example, merged by v2ray or as one file: from the Socks (1080) and
 * HTTP (8080) inbounds alike, example.org and 10.1.2.3 go direct and example.com through the
 * proxy, which sees neither direct destination.
 * @param {import('../run.mjs').LabContext} lab
 */
async function mergedRouting(lab) {
  for (const p of [lab.socks(1080), lab.http(8080)]) {
    const r = await lab.fetch(p, TARGET.url);
    lab.expect(r.reached === TARGET.reached, `reached ${r.reached}`);
    const d = await lab.fetch(p, 'http://example.org/');
    lab.expect(d.reached === '93.184.216.35:80', `example.org reached ${d.reached}`);
    const lan = await lab.fetch(p, 'http://10.1.2.3/');
    lab.expect(lan.reached === '10.1.2.3:80', `10.1.2.3 reached ${lan.reached}`);
  }
  await lab.accessLine('client', /accepted (tcp:|\/\/)example\.com:80 \[proxy\]/, 'example.com sent to proxy');
  await lab.accessLine('client', /accepted (tcp:|\/\/)(?<direct>example\.org):80 \[direct\]/, 'example.org sent direct');
  await lab.accessLine('client', /accepted (tcp:|\/\/)(?<direct>10\.1\.2\.3):80 \[direct\]/, '10.1.2.3 sent direct');
  lab.expect(!/example\.org|10\.1\.2\.3/.test(lab.access('server')), 'the proxy server should not see the direct destinations');
}

export default [
  {
    name: 'api-stats',
    proves: {
      zh: '经 Socks 入站的流量计入 {counters}；StatsService 能在 {apiPort} 端口查询；HandlerService 能删除入站 {removed}，删除后 {socksPort} 端口不再接受连接。',
      en: 'traffic through the Socks inbound counts in {counters}; StatsService answers on port {apiPort}; HandlerService removes the inbound {removed}, after which port {socksPort} takes no more connections.',
    },
    run: {config: 'api-stats'},
    ports: [10085, 1080],
    async check(lab) {
      await lab.fetch(lab.socks(1080), TARGET.url);
      await lab.waitFor(async () => (counter(await lab.api('stats', 10085, ['-json', 'inbound']), 'inbound>>>socks-in>>>traffic>>>downlink') ?? 0) > 32 * 1024,
        'inbound>>>socks-in>>>traffic>>>downlink counts the reply', 5_000);
      const out = await lab.api('stats', 10085, ['-json', 'inbound']);
      lab.expect((counter(out, 'inbound>>>socks-in>>>traffic>>>uplink') ?? 0) > 32 * 1024, `uplink should count the 32 KiB sent:\n${out}`,
        {counters: ['inbound>>>socks-in>>>traffic>>>uplink', 'inbound>>>socks-in>>>traffic>>>downlink'], apiPort: 10085});
      // HandlerService.RemoveInbound, through `v2ray api rmi -tags`
      const removed = await lab.api('rmi', 10085, ['-tags', 'socks-in']);
      lab.expect(/removing: socks-in/.test(removed), `v2ray api rmi should remove socks-in, said: ${removed}`, {removed: String(/removing: (\S+)/.exec(removed)?.[1])});
      const refused = await lab.fetchFails(lab.socks(1080), TARGET.url);
      lab.expect(/ECONNREFUSED|closed/.test(refused), `port 1080 should be gone after RemoveInbound, got: ${refused}`, {socksPort: 1080});
    },
  },
  {
    name: 'stats-client',
    proves: {
      zh: '走代理的流量计入 {proxyCounter}，发往 {lan} 的流量直连并计入 {directCounter}，都能经 API 查询。',
      en: 'traffic through the proxy counts in {proxyCounter}, traffic to {lan} goes direct and counts in {directCounter}, both readable through the API.',
    },
    run: {server: {inline: vmessServer({id: ID, port: 10086})}, client: 'stats-client'},
    ports: [10086, 10085, 1080],
    async check(lab) {
      await throughServer(lab);
      const lan = await lab.fetch(lab.socks(1080), 'http://10.1.2.3/');
      lab.expect(lan.reached === '10.1.2.3:80', `10.1.2.3 reached ${lan.reached}`);
      await lab.accessLine('client', /accepted tcp:(?<lan>10\.1\.2\.3):80 \[direct\]/, '10.1.2.3 sent direct');
      /** @type {string} */
      let out = '';
      await lab.waitFor(async () => {
        out = await lab.api('stats', 10085, ['-json', 'outbound']);
        return (counter(out, 'outbound>>>proxy>>>traffic>>>uplink') ?? 0) > 32 * 1024 && (counter(out, 'outbound>>>direct>>>traffic>>>uplink') ?? 0) > 32 * 1024;
      }, 'both outbounds counted', 5_000).catch((e) => { throw new Error(`${e.message}:\n${out}`); });
      lab.saw({proxyCounter: 'outbound>>>proxy', directCounter: 'outbound>>>direct'});
    },
  },
  {
    name: 'policy-server',
    proves: {
      zh: '{counted}（等级 {countedLevel}）和 {uncounted}（等级 {uncountedLevel}）都能连上服务器，数据双向完整到达；{counted} 的上下行流量计入 {counter} 等计数器，{uncounted} 没有计数器，入站 {inboundTag} 的总流量也有计数（计数器经测试另加的 API 读出）。',
      en: '{counted} (level {countedLevel}) and {uncounted} (level {uncountedLevel}) both reach the server, data intact both ways; {counted}\'s uplink and downlink count in counters such as {counter}, {uncounted} has no counter, and the inbound {inboundTag}\'s total traffic is counted too (read through an API the test adds).',
    },
    run: {
      // the page's server, and a second file with an API to read its counters (v2ray merges the two)
      server: ['policy-server', {inline: {
        api: {tag: 'api', services: ['StatsService']},
        inbounds: [{tag: 'lab-api', listen: '127.0.0.1', port: 10085, protocol: 'dokodemo-door', settings: {address: '127.0.0.1'}}],
        routing: {rules: [{type: 'field', inboundTag: ['lab-api'], outboundTag: 'api'}]},
      }}],
      alice: {inline: vmessClient({id: ID, address: 'proxy.example.com', port: 10086})},
    },
    later: {guest: {inline: vmessClient({id: '0b0c4a4c-9d3a-4f59-8c54-2a8dd1d7c1a2', address: 'proxy.example.com', port: 10086})}},
    ports: [10086, 1080, 10085],
    async check(lab) {
      const level = (/** @type {string} */ email) => lab.source('server').inbounds[0].settings.clients.find((/** @type {any} */ c) => c.email === email)?.level ?? 0;
      await throughServer(lab, {serverLog: /accepted tcp:example\.com:80 email: (?<counted>\S+)/});
      await lab.stop('alice');
      await lab.start('guest');
      await throughServer(lab, {serverLog: /accepted tcp:example\.com:80 email: (?!alice)(?<uncounted>\S+)/});
      const out = await lab.api('stats', 10085, ['-json']);
      /** @type {string[]} */
      const names = (JSON.parse(out || '{}').stat ?? []).map((/** @type {{name: string}} */ x) => x.name);
      const {counted, uncounted} = /** @type {{counted: string, uncounted: string}} */ (lab.seen);
      const up = `user>>>${counted}>>>traffic>>>uplink`;
      lab.expect((counter(out, up) ?? 0) > 32 * 1024 && (counter(out, `user>>>${counted}>>>traffic>>>downlink`) ?? 0) > 32 * 1024,
        `${counted}'s traffic should be counted (level ${level(counted)}):\n${out}`, {counter: up, countedLevel: level(counted)});
      lab.expect(!names.some((n) => n.startsWith(`user>>>${uncounted}>>>`)), `${uncounted} should have no counter (level ${level(uncounted)}):\n${out}`,
        {uncountedLevel: level(uncounted)});
      const inbound = names.find((n) => /^inbound>>>[^>]+>>>traffic>>>uplink$/.test(n) && !n.includes('lab-api'));
      lab.expect(inbound && (counter(out, inbound) ?? 0) > 64 * 1024, `the inbound's total should count both users:\n${out}`, {inboundTag: inbound?.split('>>>')[1] ?? ''});
    },
  },
  {
    name: 'vmess-dynamic-port',
    proves: {
      zh: '客户端先连主端口 {mainPort}；服务器随后下发 {range} 中的动态端口，此后客户端的连接在主端口和动态端口之间轮换（本次运行中，用过动态端口之后又有连接回到主端口）。',
      en: 'the client first connects to the main port {mainPort}; the server then hands it dynamic ports in {range}, and from then on the client\'s connections rotate between the main port and the dynamic ones (in this run, after a dynamic port, connections went to the main port again).',
    },
    run: {server: 'vmess-detour-server', client: {inline: vmessClient({id: ID2, address: 'proxy.example.com', port: 10086})}},
    ports: [10086, 1080],
    async check(lab) {
      await throughServer(lab);
      const to = lab.source('server').inbounds[0].settings.detour?.to;
      const dynamicInbound = lab.source('server').inbounds.find((/** @type {any} */ i) => i.tag === to);
      lab.expect(dynamicInbound, `the main inbound's detour should name another inbound, names ${JSON.stringify(to)}: the client would never leave the main port`);
      const range = String(dynamicInbound.port);
      const [low, high] = range.split('-').map(Number);
      const main = lab.port(10086);
      /** The server port of each connection the client made, in order (its error log). */
      const used = () => [...lab.errors('client').matchAll(/tunneling request to tcp:example\.com:80 via [^\s]+:(\d+)/g)].map((m) => Number(m[1]));
      const dynamic = (/** @type {number} */ p) => p >= Number(low) && p <= Number(high ?? low);
      // after the first connection through a dynamic port, both kinds keep coming
      const afterFirstDynamic = () => used().slice(used().findIndex(dynamic));
      await lab.waitFor(async () => {
        await lab.fetch(lab.socks(1080), TARGET.url, {bytes: 64});
        const later = afterFirstDynamic();
        return used().some(dynamic) && later.includes(main) && later.filter(dynamic).length >= 2;
      }, `the client uses a port in ${range}, then the main port again, then a dynamic one again`, 15_000);
      lab.expect(used()[0] === main && used().every((p) => p === main || dynamic(p)), `every connection goes to the main port or the range: ${used()}`,
        {mainPort: lab.pagePort(main), range});
    },
  },
  {
    name: 'proxy-chain',
    proves: {
      zh: 'Shadowsocks 出站不自己连接：它的连接经 {relayTag}（VMess + TLS）送到 {relay}，再由那里连到 {exit}，两跳都看得到这条连接。',
      en: 'the Shadowsocks outbound does not dial itself: its connection goes through {relayTag} (VMess with TLS) to {relay} and from there to {exit}; both hops see it.',
    },
    run: {
      exit: {inline: {
        inbounds: [{port: 8388, protocol: 'shadowsocks', settings: {method: 'aes-128-gcm', password: 'example-password', network: 'tcp'}}],
        outbounds: [{protocol: 'freedom', tag: 'exit-out'}],
      }},
      relay: {inline: vmessServer({id: ID2, port: 443, stream: {security: 'tls'}, tag: 'relay-out'})},
      client: 'proxy-chain',
    },
    ports: [8388, 443, 1080],
    async check(lab) {
      const r = await lab.fetch(lab.socks(1080), TARGET.url);
      lab.expect(r.reached === TARGET.reached, `reached ${r.reached}`);
      await lab.accessLine('relay', /accepted tcp:(?<exit>exit\.example\.net):\d+ \[relay-out\]/, 'the relay carried the connection to exit.example.net');
      const ss = lab.source('client').outbounds.find((/** @type {any} */ o) => o.protocol === 'shadowsocks');
      const relay = lab.source('client').outbounds.find((/** @type {any} */ o) => o.tag === ss.proxySettings?.tag);
      await lab.errorLine('client', /proxy\/vmess\/outbound: tunneling request to tcp:exit\.example\.net:\d+ via (?<relay>[^\s:]+):/, 'the client dialling the relay over VMess');
      lab.expect(relay && lab.seen.relay === relay.settings.vnext[0].address, `the client should dial the relay: ${lab.seen.relay}`, {relayTag: relay?.tag});
      await lab.accessLine('exit', /accepted tcp:example\.com:80 \[exit-out\]/, 'the exit server reached example.com');
    },
  },
  {
    name: 'reverse-proxy',
    proves: {
      zh: '访问 portal 的 {portalPort} 端口的连接经 bridge 主动建立的隧道送到内网的 {reached}，数据双向完整到达。',
      en: 'a connection to the portal\'s port {portalPort} travels through the tunnel the bridge opened and reaches {reached} on the inside, data intact both ways.',
    },
    run: {portal: 'reverse-portal', bridge: 'reverse-bridge'},
    ports: [8080, 10086],
    async check(lab) {
      /** @type {import('../../toolkit/clients.mjs').WebReport | undefined} */
      let r;
      await lab.waitFor(async () => {
        try { r = await lab.fetch({plain: lab.port(8080), host: 'portal.example.com'}, 'http://192.168.1.10/', {timeoutMs: 3_000}); return true; } catch { return false; }
      }, 'the portal forwards to the bridge', 20_000);
      lab.expect(r?.reached === '192.168.1.10:80', `reached ${r?.reached}`, {reached: String(r?.reached), portalPort: 8080});
      await lab.accessLine('bridge', /accepted tcp:192\.168\.1\.10:80 \[lan\]/, 'the bridge sent it to the LAN');
    },
  },
  {
    name: 'overview-client',
    proves: {
      zh: '本机 {socksPort} 端口的 Socks 代理经 VMess 连上服务器（由测试编写），数据双向完整到达。',
      en: 'the Socks proxy on local port {socksPort} reaches a server (written by the test) over VMess, and data arrives intact both ways.',
    },
    run: {server: {inline: vmessServer({id: ID2, port: 10086})}, client: 'overview-client'},
    ports: [10086, 1080],
    async check(lab) { await throughServer(lab); await dialled(lab); lab.saw({socksPort: 1080}); },
  },
  {
    name: 'overview-schema',
    proves: {
      zh: '带 {key} 键的配置照常加载，Socks 代理直连目标。',
      en: 'the configuration with a {key} key loads as usual and its Socks proxy reaches the destination directly.',
    },
    run: {proxy: 'overview-schema'},
    ports: [1080],
    async check(lab) {
      const r = await lab.fetch(lab.socks(1080), TARGET.url);
      lab.expect(r.reached === TARGET.reached, `reached ${r.reached}`, {key: Object.hasOwn(lab.source('proxy'), '$schema') ? '"$schema"' : ''});
    },
  },
  {
    name: 'outbounds-client',
    proves: {
      zh: '没有路由规则时连接走第一个出站 {outbound}：经 VMess（WebSocket + TLS，开启 Mux）到达服务器（由测试编写）。',
      en: 'with no routing rules, connections take the first outbound, {outbound}: VMess on WebSocket and TLS with Mux to the server (written by the test).',
    },
    run: {
      server: {inline: vmessServer({id: ID2, port: 443, stream: {network: 'ws', security: 'tls', wsSettings: {path: '/ray'}}})},
      client: 'outbounds-client',
    },
    ports: [443, 1080],
    async check(lab) {
      await throughServer(lab);
      await lab.accessLine('client', /accepted tcp:example\.com:80 \[(?<outbound>proxy)\]/, 'example.com sent to proxy');
      lab.expect(lab.source('client').outbounds[0].tag === lab.seen.outbound && !lab.source('client').routing?.rules?.length, 'the first outbound, with no rules');
      await lab.waitFor(() => /mux\.cool/.test(lab.errors('server') + lab.access('server')), 'the server log shows Mux.Cool', 5_000);
      await lab.errorLine('client', /transport\/internet\/websocket: creating connection/, 'the client dialling over WebSocket');
    },
  },
  {
    name: 'merged-result',
    proves: {
      zh: '合并结果作为一份配置运行：{direct} 直连，其余经 VMess 走代理（Socks 和 HTTP 两个入站都一样）。',
      en: 'the merged result runs as one configuration: {direct} go direct, everything else through the VMess proxy (the same from the Socks and the HTTP inbound).',
    },
    run: {server: {inline: vmessServer({id: ID, port: 10086})}, client: 'merged-result'},
    ports: [10086, 1080, 8080],
    async check(lab) {
      await mergedRouting(lab);
    },
  },
  {
    name: 'loopback-second-pass',
    proves: {
      zh: '发往 {looped} 的连接经 Loopback 以 {inboundTag} 的身份重新路由：{securePort} 端口的连接经 VMess 走代理，{plainPort} 端口的直连；{other} 按默认规则直连，代理服务器（由测试编写）只看到 {looped}:{securePort}。',
      en: 'connections to {looped} go through Loopback and are routed again as {inboundTag}: the one to port {securePort} goes through the VMess proxy, the one to port {plainPort} goes direct; {other} goes direct by default, and the proxy server (written by the test) sees only {looped}:{securePort}.',
    },
    run: {server: {inline: vmessServer({id: ID2, port: 10086})}, client: 'loopback-second-pass'},
    ports: [10086, 1080],
    async check(lab) {
      const secure = await lab.fetch(lab.socks(1080), 'https://example.org/');
      lab.expect(secure.reached === '93.184.216.35:443', `https://example.org reached ${secure.reached}`);
      await lab.accessLine('server', /accepted tcp:(?<looped>example\.org):(?<securePort>443) \[server-out\]/, 'example.org:443 through the proxy');
      const plain = await lab.fetch(lab.socks(1080), 'http://example.org/');
      lab.expect(plain.reached === '93.184.216.35:80', `http://example.org reached ${plain.reached}`);
      await lab.accessLine('client', /accepted tcp:example\.org:(?<plainPort>80) \[direct\]/, 'example.org:80 sent direct on the second pass');
      lab.saw({inboundTag: lab.source('client').outbounds.find((/** @type {any} */ o) => o.protocol === 'loopback').settings.inboundTag});
      // the dispatcher's own line, not the access log: v2ray shares one access record between the
      // two passes of a looped connection and may write it after the second pass has set its detour
      await lab.errorLine('client', /taking detour \[second-pass\] for \[tcp:example\.org:443\]/, 'example.org first sent to Loopback');
      const other = await lab.fetch(lab.socks(1080), TARGET.url);
      lab.expect(other.reached === TARGET.reached, `example.com reached ${other.reached}`);
      await lab.accessLine('client', /accepted tcp:(?<other>example\.com):80 \[direct\]/, 'example.com sent direct');
      lab.expect(!/example\.org:80|example\.com/.test(lab.access('server')), `the proxy server should see only example.org:443:\n${lab.access('server')}`);
    },
  },
  {
    name: 'multiple-config',
    proves: {
      zh: '三个文件按顺序合并后运行：{localFile} 按 tag 给 Socks 入站打开了 UDP，加上了 {httpPort} 端口的 HTTP 入站；{rulesFile} 的规则排在最前，{ruleDomain} 直连；{lan} 直连；其余经 VMess 走代理（服务器由测试编写）。',
      en: 'the three files run merged in order: {localFile} turns on UDP for the Socks inbound through its tag and adds the HTTP inbound on port {httpPort}; the rule from {rulesFile} comes first and {ruleDomain} goes direct; {lan} goes direct; the rest goes through the VMess proxy (the server is written by the test).',
    },
    run: {server: {inline: vmessServer({id: ID, port: 10086})}, client: ['multi-base', 'multi-rules', 'multi-local']},
    ports: [10086, 1080, 8080],
    async check(lab) {
      await mergedRouting(lab);
      const {reply} = await lab.udpVia(lab.socks(1080), 'example.com', 7, Buffer.from('merged-udp'));
      lab.expect(String(reply) === 'reached 93.184.216.34:7\nmerged-udp', `the Socks inbound should relay UDP after the merge, got ${JSON.stringify(String(reply))}`);
      // which file did what: the HTTP inbound and the Socks UDP switch come from the third, the example.org rule from the second
      const [, rules, local] = lab.sources('client');
      const [, rulesFile, localFile] = lab.titles('client');
      lab.expect(local.inbounds.some((/** @type {any} */ i) => i.protocol === 'http' && i.port === 8080) && local.inbounds.some((/** @type {any} */ i) => i.settings?.udp)
        && JSON.stringify(rules.routing.rules[0]).includes('example.org'), 'the files hold what the sentence says',
      {localFile, rulesFile, httpPort: 8080, ruleDomain: 'example.org', lan: '10.1.2.3'});
    },
  },
];
