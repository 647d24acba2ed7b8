// The v5 branch's complete examples of DNS, routing and services (versioned_docs/v5, run with
// -format jsonv5). Partner servers are written here in the v4 format unless marked v5.
import {execFileSync, spawn} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import {createServer as createHttpsServer} from 'node:https';
import {join} from 'node:path';
import {connect as netConnect} from 'node:net';
import chromiumSetup from '../../../scripts/chromium.cjs';
import {TARGET, throughServer} from '../kit.mjs';
import {dnsMessage} from '../../toolkit/clients.mjs';
import {HOSTS} from '../../toolkit/world.mjs';
import {requestNaming, vmessPartner, vmessTlsPartner} from './v5-proxies.mjs';

const ID = '8e50d5ae-397d-49b0-9964-1fc852b673fb';
/** The lab's certificate, as a partner server's TLS settings name it. */
const LAB_CERT = {certificates: [{certificateFile: 'lab.crt', keyFile: 'lab.key'}]};
const OBSERVED_ID = '2f6a1d84-b03c-4e97-8a15-c4d7e92b60f3';

/**
 * The DNS stand-ins' queries for `name` since the scenario started: "server/transport" in order.
 * @param {import('../run.mjs').LabContext} lab @param {string} name
 */
const asked = (lab, name) => lab.standins().filter((e) => e.kind === 'dns' && e.name === name).map((e) => `${e.server}/${e.transport}`);

/**
 * One DNS A query over UDP; resolves to the answer's A records with their TTLs.
 * @param {string} server @param {number} port @param {string} name
 * @returns {Promise<{address: string, ttl: number}[]>}
 */
function dnsQueryTtl(server, port, name) {
  return new Promise((ok, fail) => {
    import('node:dgram').then(({createSocket}) => {
      const s = createSocket('udp4');
      const timer = setTimeout(() => { s.close(); fail(new Error(`DNS query for ${name} to ${server}:${port}: no answer in 5 s`)); }, 5_000);
      s.on('message', (m) => {
        clearTimeout(timer);
        s.close();
        /** @param {number} i */
        const skipName = (i) => { while (i < m.length) { const l = m[i] ?? 0; if (l === 0) return i + 1; if (l >= 0xc0) return i + 2; i += l + 1; } return i; };
        let i = skipName(12) + 4;
        const out = [];
        for (let k = 0; k < m.readUInt16BE(6); k += 1) {
          i = skipName(i);
          const type = m.readUInt16BE(i), ttl = m.readUInt32BE(i + 4), len = m.readUInt16BE(i + 8);
          if (type === 1) out.push({address: [...m.subarray(i + 10, i + 14)].join('.'), ttl});
          i += 10 + len;
        }
        ok(out);
      });
      s.send(dnsMessage(name), port, server);
    }, fail);
  });
}

/** Runs `ip` with these arguments in the lab's namespace. @param {string[]} args */
const ip = (args) => execFileSync('ip', args, {encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']});

/** @type {import('../run.mjs').Scenario[]} */
export default [
  {
    name: 'v5-dns-example',
    exclusive: true,
    proves: {
      zh: '{internalName} 这类 {internalDomain} 的子域名只问内网 DNS {internal}（直连）；其他域名（如 {otherName}）只经 DoH（{doh}）查询，DoH 请求由代理服务器发出，从不发给 {internal}；{nas} 用写死的 {nasAddress}，不问这两台服务器，判为内网直连。',
      en: 'subdomains of {internalDomain} such as {internalName} are asked only at the internal DNS {internal} (direct); other names such as {otherName} only over DoH ({doh}), whose requests leave through the proxy server, and never at {internal}; {nas} gets the fixed {nasAddress} without asking either server and goes direct as a LAN address.',
    },
    run: {server: {inline: vmessTlsPartner(ID, 443)}, client: 'v5-dns-example'},
    ports: [443, 1080],
    async check(lab) {
      // IpIfNonMatch: no rule matches these names, so routing resolves them with the built-in DNS
      const google = await lab.fetch(lab.socks(1080), 'http://www.google.com/');
      lab.expect(google.reached === '142.250.4.100:80', `www.google.com reached ${google.reached}`);
      // 127.0.0.53 is the system resolver, which the proxy server's Freedom uses to dial the name
      const g = asked(lab, 'www.google.com').filter((a) => !a.startsWith('127.0.0.53/'));
      lab.expect(g.length > 0 && g.every((a) => a === '1.1.1.1/doh'), `www.google.com should be asked over DoH at 1.1.1.1 only, got ${JSON.stringify(g)}`, {otherName: 'www.google.com'});
      const text = JSON.stringify(lab.source('client'));
      lab.saw({doh: String(/"(https:\/\/1\.1\.1\.1\/[^"]*)"/.exec(text)?.[1])});
      await lab.accessLine('server', /accepted tcp:1\.1\.1\.1:443/, 'the DoH request through the proxy');
      const www = await lab.fetch(lab.socks(1080), 'http://www.example.com/');
      lab.expect(www.reached === TARGET.reached, `www.example.com reached ${www.reached}`);
      const e = asked(lab, 'www.example.com').filter((a) => !a.startsWith('127.0.0.53/'));
      lab.expect(e.length > 0 && e.every((a) => a === '10.0.0.53/udp'), `www.example.com should be asked at 10.0.0.53 only, got ${JSON.stringify(e)}`,
        {internal: '10.0.0.53', internalName: 'www.example.com', internalDomain: 'example.com'});
      await lab.waitFor(() => /taking detour \[direct\] for \[udp:10\.0\.0\.53:53\]/.test(lab.errors('client')), 'the query to 10.0.0.53 (tagged dns-direct) sent direct', 5_000);
      lab.expect(!/10\.0\.0\.53/.test(lab.access('server')), 'the proxy server should never carry a query to 10.0.0.53');
      const nas = await lab.fetch(lab.socks(1080), 'http://nas.home.arpa/');
      lab.expect(nas.reached === '192.168.1.20:80', `nas.home.arpa reached ${nas.reached}`, {nasAddress: nas.reached.split(':')[0]});
      await lab.accessLine('client', /accepted tcp:(?<nas>nas\.home\.arpa):80 \[direct\]/, 'nas.home.arpa sent direct');
      const n = asked(lab, 'nas.home.arpa').filter((a) => /^(10\.0\.0\.53|1\.1\.1\.1)\//.test(a));
      lab.expect(!n.length, `nas.home.arpa must not be asked at 10.0.0.53 or 1.1.1.1, got ${JSON.stringify(n)}`);
    },
  },
  {
    name: 'v5-dns-outbound',
    exclusive: true,
    proves: {
      zh: '发往本机 {port} 端口（目标 {dest}）的 DNS 查询被 DNS 出站截下、由内置 DNS 回答，没有发给 {destHost}；应答的地址是 {addresses}，TTL 是 {ttl} 秒（上游的回答是 {upstreamTtl} 秒）。',
      en: 'DNS queries to local port {port} (destined for {dest}) are taken over by the DNS outbound and answered by the built-in DNS, never sent to {destHost}; the answer is {addresses} with a TTL of {ttl} seconds (the upstream answers with {upstreamTtl}).',
    },
    run: {config: 'v5-dns-outbound'},
    ports: [53],
    async check(lab) {
      const answer = await dnsQueryTtl('127.0.0.1', lab.port(53), 'example.com');
      lab.expect(answer.length === 1 && answer[0]?.address === '93.184.216.34', `example.com answered ${JSON.stringify(answer)}`);
      const upstream = await dnsQueryTtl('1.1.1.1', 53, 'example.com');
      lab.expect(answer[0]?.ttl !== upstream[0]?.ttl, `the TTL should be rewritten (the stand-ins answer ${upstream[0]?.ttl}), got ${answer[0]?.ttl}`,
        {ttl: Number(answer[0]?.ttl), upstreamTtl: Number(upstream[0]?.ttl), addresses: answer.map((a) => a.address), port: 53});
      await lab.errorLine('config', /proxy\/dns: handling DNS traffic to udp:[\d.]+:\d+/, 'the DNS outbound handling the query');
      // the destination the dokodemo-door gave the query (its port is the page's 53, mapped to a lab port)
      const [host, p] = String(/proxy\/dns: handling DNS traffic to udp:([\d.]+):(\d+)/.exec(lab.errors('config'))?.slice(1)).split(',');
      lab.saw({dest: `${host}:${lab.pagePort(Number(p))}`, destHost: String(host)});
      // the built-in DNS has no servers here and answers from the system's resolver (the lab's /etc/hosts)
      const seen = asked(lab, 'example.com');
      lab.expect(!seen.slice(0, -1).some((a) => a.startsWith('1.1.1.1/')), `the query should be answered by the built-in DNS, not sent to 1.1.1.1: ${JSON.stringify(seen)}`);
    },
  },
  {
    name: 'v5-freedom-redirect',
    exclusive: true,
    proves: {
      zh: '发往本机 {port} 端口的 UDP DNS 查询（任意门的目标是 {doorDest}）被 Freedom 改发到 {redirected}，仍是 UDP，{doorHost} 收不到。',
      en: 'a UDP DNS query to local port {port} (the dokodemo-door\'s destination is {doorDest}) is sent by Freedom to {redirected} instead, still over UDP, and {doorHost} never gets it.',
    },
    run: {config: 'v5-freedom-redirect'},
    ports: [5353],
    async check(lab) {
      const answer = await lab.dnsQuery('127.0.0.1', lab.port(5353), 'example.com');
      lab.expect(answer.includes('93.184.216.34'), `example.com answered ${JSON.stringify(answer)}`);
      const seen = asked(lab, 'example.com');
      lab.expect(JSON.stringify(seen) === JSON.stringify(['9.9.9.9/udp']), `9.9.9.9 should get one UDP query and nobody else, got ${JSON.stringify(seen)}`,
        {port: 5353, redirected: `${String(seen[0]).split('/')[0]}:53`});
      const door = lab.source('config').inbounds.find((/** @type {any} */ i) => /dokodemo/.test(i.protocol));
      const dest = `${door.settings.address ?? door.settings.addresses?.[0]}:${door.settings.port}`;
      lab.saw({doorDest: dest, doorHost: dest.split(':')[0]});
    },
  },
  {
    name: 'v5-router-example',
    proves: {
      zh: '{blocked} 被屏蔽，请求到不了目标；内网地址 {lan} 直连；{proxied} 由均衡器交给两台服务器（{servers}）之一发出（测试没有等待测速结果，没有验证按延迟选择）。',
      en: '{blocked} are blocked and never reach their host; the LAN addresses {lan} go direct; {proxied} is handed by the balancer to one of the two servers ({servers}) and leaves from it (the test does not wait for latency measurements, so choosing by latency is not verified).',
    },
    run: {
      hk: {inline: vmessTlsPartner(ID, 443, HOSTS['hk.example.com'])},
      jp: {inline: vmessTlsPartner(ID, 443, HOSTS['jp.example.com'])},
      client: 'v5-router-example',
    },
    ports: [443, 1080],
    async check(lab) {
      const r = await lab.fetch(lab.socks(1080), TARGET.url);
      lab.expect(r.reached === TARGET.reached, `example.com reached ${r.reached}`);
      await lab.waitFor(() => ['hk', 'jp'].some((s) => TARGET.log.test(lab.access(s))), 'hk or jp carries example.com', 10_000);
      await lab.accessLine('client', /accepted tcp:(?<proxied>example\.com):80 \[proxy-(hk|jp)\]/, 'example.com sent to a proxy- outbound');
      lab.saw({servers: ['hk.example.com', 'jp.example.com'].filter((n) => JSON.stringify(lab.source('client')).includes(n))});
      for (const host of ['x.ads.example.com', 'track1.example.com']) {
        await lab.fetchFails(lab.socks(1080), `http://${host}/`);
        await lab.accessLine('client', new RegExp(`accepted tcp:${host.replace(/\./g, '\\.')}:80 \\[block\\]`), `${host} sent to block`);
        lab.saw({blocked: host});
      }
      lab.expect(!lab.standins().some((e) => /ads\.example\.com|track1/.test(String(e.host))), 'a blocked name reached a stand-in');
      for (const address of ['10.1.2.3', '192.168.1.10']) {
        const d = await lab.fetch(lab.socks(1080), `http://${address}/`);
        lab.expect(d.reached === `${address}:80`, `${address} reached ${d.reached}`);
        await lab.accessLine('client', new RegExp(`accepted tcp:${address.replace(/\./g, '\\.')}:80 \\[direct\\]`), `${address} sent direct`);
        lab.saw({lan: address});
      }
    },
  },
  {
    name: 'v5-service-example',
    proves: {
      zh: '本机 {apiPort} 端口的 API 回答 {command}；观测器 {observer}（后台观测）一启动就经 {probeOutbound} 探测（代理服务器 {probeServer} 的访问日志记下了探测请求）；SOCKS 连接交给均衡器 {balancer}，到达目标。',
      en: 'the API on local port {apiPort} answers {command}; the observer {observer} (background observatory) probes through {probeOutbound} as soon as it starts (the access log of the proxy server {probeServer} records the probe); SOCKS connections are handed to the balancer {balancer} and reach their destination.',
    },
    run: {
      hk: {inline: vmessTlsPartner(ID, 443, HOSTS['hk.example.com'])},
      de: {inline: vmessTlsPartner(ID, 443, HOSTS['de.example.com'])},
      client: 'v5-service-example',
    },
    ports: [443, 10085, 1080],
    async check(lab) {
      const out = await lab.api('stats', 10085, ['-runtime', '-json']);
      lab.expect(/NumGoroutine|num_goroutine|Uptime|uptime/i.test(out), `v2ray api stats -runtime should answer with runtime figures, got: ${out}`, {apiPort: 10085, command: 'v2ray api stats'});
      await lab.accessLine('de', /accepted tcp:api\.v2fly\.org:443/, 'watch-eu probing through eu-de');
      const text = JSON.stringify(lab.source('client'));
      lab.saw({observer: 'watch-eu', probeOutbound: 'eu-de', probeServer: 'de.example.com', balancer: 'asia'});
      lab.expect(['"watch-eu"', '"eu-de"', '"de.example.com"', '"asia"'].every((x) => text.includes(x)), 'the names are the example\'s');
      const r = await lab.fetch(lab.socks(1080), TARGET.url);
      lab.expect(r.reached === TARGET.reached, `reached ${r.reached}`);
      await lab.waitFor(() => /taking detour \[(asia-hk|direct)\] for \[tcp:example\.com:80\]|fallback to \[direct\]/.test(lab.errors('client')),
        'the socks connection handed to the balancer asia (asia-hk, or direct as its fallback)', 5_000);
    },
  },
  {
    name: 'v5-bgobs-persist',
    proves: {
      zh: '带 filesystemstorage 时，开启 persistentProbeResult 的后台观测正常启动并持续运行；去掉 filesystemstorage，同样的配置在启动时崩溃（{crash}）。',
      en: 'with filesystemstorage, the background observatory with persistentProbeResult starts and keeps running; without filesystemstorage the same configuration crashes at start ({crash}).',
    },
    run: {config: 'v5-bgobs-persist'},
    later: {
      crash: {v5: true, inline: {services: {backgroundObservatory: {subjectSelector: ['proxy-'], persistentProbeResult: true}}}},
    },
    async check(lab) {
      await new Promise((r) => setTimeout(r, 1500));
      lab.expect(lab.running('config'), 'the example should keep running');
      const failed = await lab.start('crash').then(() => null, (e) => e);
      lab.expect(failed, 'without filesystemstorage v2ray should not start');
      lab.expect(/nil pointer/.test(lab.output('crash')), `it should crash with a nil pointer error, output:\n${lab.output('crash').slice(0, 400)}`,
        {crash: {zh: '空指针错误', en: 'a nil pointer error'}});
    },
  },
  {
    name: 'v5-bgobs-example',
    proves: {
      zh: '后台观测一启动就经 {first} 访问 probeUrl（{probeUrl}）探测，测得可用后，均衡器 {balancer} 把 SOCKS 连接交给 {first}，由 {server} 发出。',
      en: 'the background observatory probes through {first} at once, fetching probeUrl ({probeUrl}); once it is measured alive, the balancer {balancer} hands SOCKS connections to {first} and they leave from {server}.',
    },
    run: {
      tokyo: {inline: vmessPartner({id: OBSERVED_ID, port: 10086, listen: HOSTS['tokyo.example.com']})},
      osaka: {inline: vmessPartner({id: OBSERVED_ID, port: 10086, listen: HOSTS['osaka.example.com']})},
      client: 'v5-bgobs-example',
    },
    ports: [10086, 1080],
    async check(lab) {
      // the outbounds are probed one at a time in tag order: proxy-osaka first, proxy-tokyo 30 s later
      await lab.accessLine('osaka', /accepted tcp:www\.google\.com:443/, 'the probe through proxy-osaka');
      await lab.errorLine('client', /the outbound (?<first>proxy-osaka) is alive/, 'proxy-osaka measured alive');
      const text = JSON.stringify(lab.source('client'));
      lab.saw({probeUrl: String(/"probeUrl":"([^"]+)"/.exec(text)?.[1]), server: 'osaka.example.com', balancer: String(/"tag":"(fastest)"/.exec(text)?.[1])});
      await throughServer(lab, {server: 'osaka'});
      lab.expect(!TARGET.log.test(lab.access('tokyo')), 'tokyo should not carry the connection');
    },
  },
  {
    name: 'v5-fsstorage-example',
    proves: {
      zh: '后台观测对 {outbound} 的探测结果以 JSON 文本写进工作目录下的 {file}，记为可用。',
      en: 'the background observatory\'s result for {outbound} is written as JSON text to {file} under the working directory, marked alive.',
    },
    run: {
      osaka: {inline: vmessPartner({id: OBSERVED_ID, port: 10086, listen: HOSTS['osaka.example.com']})},
      client: 'v5-fsstorage-example',
    },
    ports: [10086, 1080],
    async check(lab) {
      const file = join(lab.dir, 'v2ray-state', 'types.v2fly.org_v2ray.core.app.observatory.Config', 'outbound_status', 'proxy-osaka');
      await lab.waitFor(() => existsSync(file) && /alive/.test(readFileSync(file, 'utf8')), `${file} written`, 15_000);
      const status = JSON.parse(readFileSync(file, 'utf8'));
      lab.expect(status.alive === true && status.outboundTag === 'proxy-osaka', `the stored status should say proxy-osaka is alive: ${JSON.stringify(status)}`,
        {outbound: status.outboundTag, file: file.slice(lab.dir.length + 1)});
    },
  },
  {
    name: 'v5-burst-example',
    proves: {
      zh: 'SOCKS 连接经两台 VMess 服务器（{servers}）之一发出（突发观测在 {window}内随机采样，测试没有等待采样结果，没有验证按负载选择）。',
      en: 'SOCKS connections leave through one of the two VMess servers ({servers}) (the burst observatory samples at random times within {window} and the test does not wait for its results, so choosing by load is not verified).',
    },
    run: {
      tokyo: {inline: vmessPartner({id: OBSERVED_ID, port: 10086, listen: HOSTS['tokyo.example.com']})},
      osaka: {inline: vmessPartner({id: OBSERVED_ID, port: 10086, listen: HOSTS['osaka.example.com']})},
      client: 'v5-burst-example',
    },
    ports: [10086, 1080],
    async check(lab) {
      const r = await lab.fetch(lab.socks(1080), TARGET.url);
      lab.expect(r.reached === TARGET.reached, `reached ${r.reached}`);
      await lab.waitFor(() => ['tokyo', 'osaka'].some((s) => TARGET.log.test(lab.access(s))), 'tokyo or osaka carries example.com', 10_000);
      const text = JSON.stringify(lab.source('client'));
      // the sampling window: samplingCount samples, one at a random time in each interval (nanoseconds)
      const minutes = Number(/"interval":"(\d+)"/.exec(text)?.[1]) / 60e9 * Number(/"samplingCount":(\d+)/.exec(text)?.[1]);
      lab.saw({servers: ['tokyo.example.com', 'osaka.example.com'].filter((n) => text.includes(n)),
        window: {zh: `${minutes} 分钟`, en: `${minutes} minutes`}});
    },
  },
  {
    name: 'v5-stats-example',
    proves: {
      zh: '经 SOCKS 入站 {inbound} 和出站 {outbound} 的流量计入 {counters} 的上下行计数器，{command} 能在本机 {apiPort} 端口读到它们。',
      en: 'traffic through the SOCKS inbound {inbound} and the outbound {outbound} counts in the uplink and downlink counters of {counters}, and {command} reads them on local port {apiPort}.',
    },
    run: {config: 'v5-stats-example'},
    ports: [1080, 10085],
    async check(lab) {
      await throughServer(lab, {server: 'config'});
      /** @type {Record<string, number>} */
      let counters = {};
      const names = ['inbound>>>socks-in>>>traffic>>>uplink', 'inbound>>>socks-in>>>traffic>>>downlink', 'outbound>>>direct>>>traffic>>>uplink', 'outbound>>>direct>>>traffic>>>downlink'];
      await lab.waitFor(async () => {
        const out = JSON.parse(await lab.api('stats', 10085, ['-json']));
        counters = Object.fromEntries((out.stat ?? []).map((/** @type {{name: string, value?: string | number}} */ s) => [s.name, Number(s.value ?? 0)]));
        return names.every((n) => (counters[n] ?? 0) > 32 * 1024);
      }, 'all four counters count the 32 KiB each way', 5_000).catch((e) => { throw new Error(`${e.message}: ${JSON.stringify(counters)}`); });
      lab.saw({inbound: 'socks-in', outbound: 'direct', counters: ['inbound>>>socks-in', 'outbound>>>direct'], apiPort: 10085, command: 'v2ray api stats'});
    },
  },
  {
    name: 'v5-policy-example',
    proves: {
      zh: '连上 SOCKS 端口却不握手的连接在约 {closedAfter} 秒后被关闭（handshake 是 {handshake} 秒）；经 SOCKS 发往 IP 地址 {address}、Host 为 {sniffed} 的请求被探测后发往 {sniffed}，访问日志记下的是 {sniffed} 而不是 {address}。',
      en: 'a connection to the SOCKS port that never completes its handshake is closed after about {closedAfter} seconds (handshake is {handshake} s); a request sent through SOCKS to the IP address {address} with Host {sniffed} is sniffed and sent to {sniffed}, and the access log records {sniffed}, not {address}.',
    },
    run: {config: 'v5-policy-example'},
    ports: [1080],
    async check(lab) {
      const r = await requestNaming(lab, lab.socks(1080), '192.0.2.10', 80, 'example.com');
      lab.expect(r.reached === TARGET.reached, `the sniffed request should reach example.com, reached ${r.reached}`);
      await lab.accessLine('config', /accepted tcp:(?<sniffed>example\.com):80 \[direct\]/, 'the routed destination example.com');
      lab.saw({address: '192.0.2.10'});
      lab.expect(!/192\.0\.2\.10/.test(lab.access('config')), `the access log should not record 192.0.2.10:\n${lab.access('config')}`);
      const t0 = Date.now();
      const closedAfter = await new Promise((ok, fail) => {
        const s = netConnect(lab.port(1080), '127.0.0.1');
        const timer = setTimeout(() => { s.destroy(); fail(new Error('a silent connection was still open after 10 s')); }, 10_000);
        s.on('close', () => { clearTimeout(timer); ok(Date.now() - t0); });
        s.on('error', () => {});
        s.resume();
      });
      const handshake = Number(/"handshake":\{"value":(\d+)\}/.exec(JSON.stringify(lab.source('config')))?.[1]);
      lab.expect(Math.abs(Number(closedAfter) - handshake * 1000) <= 1_500, `a connection without handshake should be closed after about ${handshake} s, was after ${closedAfter} ms`,
        {closedAfter: Math.round(Number(closedAfter) / 1000), handshake});
    },
  },
  {
    name: 'v5-subscription-example',
    proves: {
      zh: '订阅服务一启动就经直连下载 {url}，把其中的服务器导入为 {prefix} 开头的出站；之后均衡器 {balancer} 把 SOCKS 连接交给它，由这台服务器发出。',
      en: 'the subscription service downloads {url} directly as soon as it starts and imports its server as an outbound whose tag starts with {prefix}; from then on the balancer {balancer} hands SOCKS connections to it and they leave from that server.',
    },
    run: {server: {inline: vmessPartner({id: ID, port: 10086})}},
    later: {client: 'v5-subscription-example'},
    ports: [10086, 1080],
    async check(lab) {
      /** @type {string[]} */
      const requests = [];
      const doc = {outbounds: [{protocol: 'vmess', settings: {address: 'proxy.example.com', port: lab.port(10086), uuid: ID}, metadata: {TagName: 'lab'}}]};
      const sub = createHttpsServer({cert: readFileSync(lab.pki.certFile), key: readFileSync(lab.pki.keyFile)}, (req, res) => {
        requests.push(`${req.headers.host} ${req.url}`);
        res.writeHead(200, {'content-type': 'application/json'});
        res.end(JSON.stringify(doc));
      });
      await new Promise((ok, fail) => { sub.once('error', fail); sub.listen(443, '127.0.0.9', () => ok(undefined)); });
      try {
        await lab.start('client');
        await lab.waitFor(() => requests.includes('sub.example.com /api/v1/nodes?token=3f9c2a71e4b8'), 'the subscription document downloaded', 10_000);
        await lab.waitFor(() => /finished applying subscription, provider-a; 0 updated, 1 added/.test(lab.errors('client')), 'the server imported as an outbound', 10_000);
        const text = JSON.stringify(lab.source('client'));
        lab.saw({url: `https://${requests[0]?.replace(' ', '')}`, prefix: `${/"tagPrefix":"([^"]+)"/.exec(text)?.[1]}_`, balancer: String(/"tag":"(subscribed)"/.exec(text)?.[1])});
        // the balancer picks among provA_ outbounds once the import is applied
        await lab.waitFor(async () => {
          await lab.fetch(lab.socks(1080), TARGET.url);
          return TARGET.log.test(lab.access('server'));
        }, 'a SOCKS connection through the subscribed server', 10_000);
      } finally { sub.close(); }
    },
  },
  {
    name: 'v5-browser-example',
    proves: {
      zh: '无界面的 Chromium 打开 {page} 上的转发网页后，VMess 出站的 WebSocket + TLS 连接（路径 {path}）由浏览器发出：SOCKS 连接经浏览器到达服务器，由服务器发往目标。',
      en: 'once headless Chromium opens the forwarding page on {page}, the VMess outbound\'s WebSocket and TLS connection (path {path}) is made by the browser: SOCKS connections reach the server through the browser and leave from there.',
    },
    run: {
      server: {inline: vmessPartner({id: '7c1f93a0-4be2-4d65-8a37-e05d2b9c164f', port: 443, stream: {network: 'ws', security: 'tls', wsSettings: {path: '/ws-7d1c'}, tlsSettings: LAB_CERT}})},
      client: 'v5-browser-example',
    },
    ports: [443, 1080, 8090],
    async check(lab) {
      // the browser checks no certificate here: the lab CA is not in its store (the TLS name is still proxy.example.com)
      // the Chromium the browser tests drive (scripts/chromium.cjs: CHROMIUM_PATH, Playwright's, Debian's)
      const browser = spawn(chromiumSetup.findChromium(), ['--headless=new', ...chromiumSetup.chromiumArgs, '--ignore-certificate-errors',
        `--user-data-dir=${join(lab.dir, 'chromium')}`, `http://127.0.0.1:${lab.port(8090)}/`], {stdio: 'ignore', detached: true});
      lab.children.add(browser); // killed with the lab's processes whatever happens
      try {
        await lab.waitFor(async () => {
          try { await lab.fetch(lab.socks(1080), TARGET.url); } catch { return false; }
          return TARGET.log.test(lab.access('server'));
        }, 'a SOCKS connection through the browser-forwarded WebSocket', 30_000);
        // the server (written here) upgrades only its own path, which is the example's
        lab.expect(JSON.stringify(lab.source('client')).includes('"/ws-7d1c"'), 'the example\'s path is the server\'s', {page: 'http://127.0.0.1:8090', path: '/ws-7d1c'});
      } finally {
        try { process.kill(-(browser.pid ?? 0), 'SIGKILL'); } catch { /* gone */ }
        lab.children.delete(browser);
      }
    },
  },
  {
    name: 'v5-tun-example',
    exclusive: true,
    proves: {
      zh: '执行页面上系统设置一节的命令、把路由指向 {device} 后，一个普通程序发往 {outside}、Host 为 {sniffed} 的连接进入 TUN 网卡，被嗅探出域名 {sniffed}，经 VMess 由服务器发往 {sniffed}。',
      en: 'after the commands of the page\'s system setup point the routes at {device}, a plain program\'s connection to {outside} with Host {sniffed} enters the TUN device, sniffing finds the domain {sniffed}, and the server sends it to {sniffed} over VMess.',
    },
    run: {server: {inline: vmessPartner({id: '8b5e0f27-d91c-4a36-b7e4-30f6c2a9d158', port: 10086})}, client: 'v5-tun-example'},
    ports: [10086],
    async check(lab) {
      const setup = [
        ['link', 'set', 'dev', 'v2tun0', 'up'],
        ['route', 'add', 'default', 'dev', 'v2tun0', 'table', '100'],
        ['rule', 'add', 'fwmark', '255', 'lookup', 'main', 'priority', '100'],
        ['rule', 'add', 'lookup', '100', 'priority', '200'],
        ['-6', 'route', 'add', 'default', 'dev', 'v2tun0', 'table', '100'],
        ['-6', 'rule', 'add', 'fwmark', '255', 'lookup', 'main', 'priority', '100'],
        ['-6', 'rule', 'add', 'lookup', '100', 'priority', '200'],
      ];
      try {
        await lab.waitFor(() => { try { ip(['link', 'show', 'v2tun0']); return true; } catch { return false; } }, 'v2tun0 created', 10_000);
        for (const a of setup) ip(a);
        const r = await requestNaming(lab, {plain: 80, host: '203.0.113.99'}, '203.0.113.99', 80, 'example.com');
        lab.expect(r.reached === TARGET.reached, `the connection through v2tun0 should reach example.com, reached ${r.reached}`);
        await lab.accessLine('server', /accepted tcp:(?<sniffed>example\.com):80/, 'the sniffed connection through the server');
        lab.saw({device: 'v2tun0', outside: '203.0.113.99:80'});
      } finally {
        // the device and its routes go with v2ray; the rules stay unless removed
        for (const family of ['-4', '-6']) for (const p of ['100', '200']) { try { ip([family, 'rule', 'del', 'priority', p]); } catch { /* not added */ } }
      }
    },
  },
];
