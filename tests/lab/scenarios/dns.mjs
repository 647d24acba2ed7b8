// DNS examples: which servers are asked, in which order, and no other (the stand-ins log every
// query with the address that was asked). These read the DNS stand-ins' log, so they run alone
// (exclusive), after the others.
import {TARGET, vmessServer} from '../kit.mjs';
import {dnsAddresses, dnsMessage, dnsRecords} from '../../toolkit/clients.mjs';

/**
 * The DNS stand-ins' queries for `name` since the scenario started: [server, transport] in order.
 * @param {import('../run.mjs').LabContext} lab @param {string} name
 */
const asked = (lab, name) => lab.standins().filter((e) => e.kind === 'dns' && e.name === name).map((e) => `${e.server}/${e.transport}`);

/** @type {import('../run.mjs').Scenario[]} */
export default [
  {
    name: 'dns-outbound',
    exclusive: true,
    proves: {
      zh: '发到本机 {port} 端口的 DNS 查询（UDP 和 TCP）都经路由交给 DNS 出站 {dnsOut}，由内置 DNS 查询，只问了 {upstream}；返回的地址与 {upstream} 的回答相同（{addresses}），但 TTL 从 {upstreamTtl} 秒变成了 {ttl} 秒。',
      en: 'DNS queries to local port {port}, over UDP and over TCP, are routed to the DNS outbound {dnsOut} and looked up by the built-in DNS, which asks {upstream} and no other server; the answer has {upstream}\'s addresses ({addresses}), but its TTL is {ttl} s instead of {upstreamTtl} s.',
    },
    run: {config: 'dns-outbound'},
    ports: [53],
    async check(lab) {
      const dnsOut = lab.source('config').outbounds.find((/** @type {any} */ o) => o.protocol === 'dns')?.tag;
      for (const [name, transport] of /** @type {const} */ ([['example.com', 'udp'], ['www.example.com', 'tcp']])) {
        const answer = await dnsRecords('127.0.0.1', lab.port(53), name, transport);
        const servers = [...new Set(asked(lab, name).map((a) => a.split('/')[0]))];
        lab.expect(servers.length === 1, `${name} should be asked at one server only, was asked at ${JSON.stringify(asked(lab, name))}`, {upstream: servers[0]});
        // the query went through the DNS outbound: routed there, handled by it, and looked up by the built-in DNS
        await lab.accessLine('config', new RegExp(`accepted ${transport}:\\S+ \\[(?<dnsOut>${dnsOut})\\]`), `the ${transport} query routed to the DNS outbound ${dnsOut}`);
        await lab.errorLine('config', new RegExp(`proxy/dns: handling DNS traffic to ${transport}:`), `the DNS outbound handling the ${transport} query`);
        await lab.errorLine('config', new RegExp(`app/dns: UDP:${String(servers[0]).replace(/\./g, '\\.')}:53 querying DNS for: ${name.replace(/\./g, '\\.')}\\.`), `the built-in DNS asking ${servers[0]} for ${name}`);
        // what that server itself answers, asked directly
        const upstream = await dnsRecords(String(servers[0]), 53, name, 'udp');
        const same = JSON.stringify(answer.map((r) => r.address).sort()) === JSON.stringify(upstream.map((r) => r.address).sort());
        lab.expect(answer.length > 0 && same, `${name} over ${transport}: answered ${JSON.stringify(answer)}, ${servers[0]} answers ${JSON.stringify(upstream)}`,
          {addresses: answer.map((r) => r.address), port: lab.pagePort(lab.port(53))});
        // the sentence says the TTL changes: it must (the built-in DNS answers with its own)
        lab.expect(answer.every((r) => !upstream.some((u) => u.ttl === r.ttl)), `${name}: the TTL should differ from ${servers[0]}'s: ${JSON.stringify(answer)} vs ${JSON.stringify(upstream)}`,
          {ttl: answer.map((r) => r.ttl), upstreamTtl: upstream.map((r) => r.ttl)});
      }
    },
  },
  {
    name: 'dokodemo-forward',
    exclusive: true,
    proves: {
      zh: '发到本机 {port} 端口的 DNS 查询，UDP 和 TCP 都被原样转发到 {upstream} 并得到回答（透明代理入站需要 iptables 规则，测试没有运行它）。',
      en: 'DNS queries to local port {port}, over UDP and over TCP, are forwarded unchanged to {upstream} and answered (the transparent-proxy inbound needs iptables rules; the test does not exercise it).',
    },
    run: {config: 'dokodemo-forward'},
    ports: [5353, 12345],
    async check(lab) {
      for (const transport of /** @type {const} */ (['udp', 'tcp'])) {
        const answer = await lab.dnsQuery('127.0.0.1', lab.port(5353), 'example.com', transport);
        lab.expect(answer.includes('93.184.216.34'), `example.com over ${transport} answered ${JSON.stringify(answer)}`);
      }
      const seen = asked(lab, 'example.com');
      lab.expect(JSON.stringify(seen) === JSON.stringify(['1.1.1.1/udp', '1.1.1.1/tcp']), `1.1.1.1 should get one UDP then one TCP query, got ${JSON.stringify(seen)}`,
        {port: 5353, upstream: `${String(seen[0]).split('/')[0]}:53`});
    },
  },
  {
    name: 'freedom-dns',
    exclusive: true,
    proves: {
      zh: 'Socks 连接的域名先由内置 DNS 解析成 IPv4 再直连；经 Socks 发往 {clientQueryTo} 的 UDP 查询被改送到本机 {redirectTo}；内置 DNS 自己发往 {builtinServer} 的 UDP 查询也匹配这条规则，同样被改送到 {redirectTo}。',
      en: 'a Socks connection\'s domain is first resolved to IPv4 by the built-in DNS, then dialled directly; a UDP query to {clientQueryTo} through Socks is redirected to {redirectTo}; the built-in DNS\'s own UDP query to {builtinServer} matches the same rule and is redirected to {redirectTo} as well.',
    },
    run: {config: 'freedom-dns'},
    ports: [1080],
    async check(lab) {
      const r = await lab.fetch(lab.socks(1080), TARGET.url);
      lab.expect(r.reached === TARGET.reached, `reached ${r.reached}`);
      const seen = asked(lab, 'example.com');
      lab.expect(seen.length > 0, 'the built-in DNS should look example.com up');
      lab.expect(seen.every((a) => a === '127.0.0.1/udp'), `the lookup should arrive at 127.0.0.1:53 (redirected), got ${JSON.stringify(seen)}`);
      // a client's own UDP query to any server's port 53, through Socks, lands on 127.0.0.1:53
      const {reply} = await lab.udpVia(lab.socks(1080), '8.8.4.4', 53, dnsMessage('www.example.com'));
      lab.expect(dnsAddresses(reply).includes('93.184.216.34'), `the Socks UDP query should be answered, got ${JSON.stringify(dnsAddresses(reply))}`);
      const www = asked(lab, 'www.example.com');
      lab.expect(JSON.stringify(www) === JSON.stringify(['127.0.0.1/udp']), `the query for 8.8.4.4 should arrive at 127.0.0.1:53 only, got ${JSON.stringify(www)}`,
        {clientQueryTo: '8.8.4.4:53', redirectTo: '127.0.0.1:53'});
      // internal requests have no access-log line; the dispatcher logs the detour
      await lab.errorLine('config', /taking detour \[to-local-dns\] for \[udp:(?<builtinServer>1\.1\.1\.1):53\]/, 'the built-in DNS\'s query to 1.1.1.1 taken to to-local-dns');
    },
  },
  // ---- the two examples of /config/dns corrected for issue 27 ----
  // Their expectations are what the issue says the examples should do; the examples as they stood
  // before the fix fail them (fixtures/dns-leak, tests/lab/lab.test.mjs).
  {
    name: 'dns-complete',
    exclusive: true,
    proves: {
      zh: '非国内域名 {name} 只经 DoH（{doh}，走代理）查询，从不发给国内 DNS {domestic}。',
      en: 'the non-Chinese name {name} is looked up only over DoH ({doh}, through the proxy) and never sent to the Chinese DNS {domestic}.',
    },
    run: {
      server: {inline: vmessServer({id: '8e50d5ae-397d-49b0-9964-1fc852b673fb', port: 443, stream: {security: 'tls'}})},
      client: 'dns-complete',
    },
    ports: [443, 1080],
    async check(lab) {
      // IPIfNonMatch: example.com matches no domain rule, so routing resolves it with the built-in DNS
      const r = await lab.fetch(lab.socks(1080), TARGET.url);
      lab.expect(r.reached === TARGET.reached, `reached ${r.reached}`);
      const seen = asked(lab, 'example.com');
      lab.expect(seen.length > 0 && seen[0] === '1.1.1.1/doh', `example.com should be asked first over DoH at 1.1.1.1, got ${JSON.stringify(seen)}`);
      lab.expect(!seen.some((a) => a.startsWith('223.5.5.5/')), `example.com must never reach 223.5.5.5 (a DNS leak), got ${JSON.stringify(seen)}`, {name: 'example.com'});
      const servers = lab.source('client').dns.servers;
      const doh = servers.find((/** @type {any} */ x) => /^https:/.test(typeof x === 'string' ? x : x.address));
      const domestic = servers.find((/** @type {any} */ x) => typeof x === 'object' && /^\d/.test(x.address));
      lab.expect(new URL(typeof doh === 'string' ? doh : doh.address).hostname === '1.1.1.1' && domestic?.address === '223.5.5.5', 'the servers asked and not asked are the example\'s',
        {doh: typeof doh === 'string' ? doh : doh.address, domestic: domestic?.address});
      await lab.accessLine('server', /accepted tcp:1\.1\.1\.1:443/, 'the DoH query went through the proxy');
    },
  },
  {
    name: 'dns-fakedns',
    exclusive: true,
    proves: {
      zh: '境外域名 {foreign} 得到 {fakeRange} 中的虚拟 IP；国内域名 {domesticName} 由 {domesticServer} 解析，得到真实地址。',
      en: 'the foreign name {foreign} gets a fake IP from {fakeRange}; the Chinese name {domesticName} is resolved by {domesticServer} and gets its real address.',
    },
    run: {
      server: {inline: vmessServer({id: '8e50d5ae-397d-49b0-9964-1fc852b673fb', port: 443, stream: {security: 'tls'}})},
      client: 'dns-fakedns',
    },
    ports: [443, 1080, 5353],
    async check(lab) {
      const foreign = await lab.dnsQuery('127.0.0.1', lab.port(5353), 'example.com');
      lab.expect(foreign.length > 0 && foreign.every((a) => /^198\.1[89]\./.test(a)), `example.com should get a fake IP, got ${JSON.stringify(foreign)}`);
      const domestic = await lab.dnsQuery('127.0.0.1', lab.port(5353), 'baidu.com');
      lab.expect(JSON.stringify(domestic) === JSON.stringify(['110.242.68.66']), `baidu.com should get its real address, got ${JSON.stringify(domestic)}`);
      lab.expect(asked(lab, 'baidu.com').some((a) => a.startsWith('223.5.5.5/')), 'baidu.com should be asked at 223.5.5.5',
        {foreign: 'example.com', domesticName: 'baidu.com', domesticServer: String(asked(lab, 'baidu.com').find((a) => a.startsWith('223.5.5.5/'))?.split('/')[0])});
      const pool = JSON.stringify(lab.source('client')).match(/"ipPool":"([^"]+)"/)?.[1];
      lab.saw({fakeRange: String(pool)});
      lab.expect(!asked(lab, 'example.com').length, `example.com should reach no DNS server, got ${JSON.stringify(asked(lab, 'example.com'))}`);
    },
  },
  {
    name: 'fakedns-socks',
    exclusive: true,
    proves: {
      zh: '发到本机 {dnsPort} 端口的查询由 FakeDNS 回答，{name} 得到 {fakeRange} 中的假地址，没有问任何 DNS 服务器；用这个假地址连接 Socks 入站时，流量探测把它还原成 {name}，经 VMess 到达服务器（由测试编写），服务器连往的是 {name}。',
      en: 'queries to local port {dnsPort} are answered by FakeDNS: {name} gets a fake address in {fakeRange} and no DNS server is asked; a connection to that address through the Socks inbound is turned back into {name} by sniffing and reaches the server (written by the test) over VMess, which connects to {name}.',
    },
    run: {server: {inline: vmessServer({id: '66af4df0-a5fe-4845-a902-b05b44dcdf77', port: 10086})}, client: 'fakedns-socks'},
    ports: [10086, 1080, 5353],
    async check(lab) {
      const [fake] = await lab.dnsQuery('127.0.0.1', lab.port(5353), 'example.com');
      lab.expect(fake && /^198\.18\./.test(fake), `example.com should get a fake address in 198.18.0.0/16, got ${fake}`);
      lab.expect(!asked(lab, 'example.com').length, `no DNS server should be asked for example.com, got ${JSON.stringify(asked(lab, 'example.com'))}`);
      const r = await lab.fetch(lab.socks(1080), `http://${fake}/`);
      lab.expect(r.reached === TARGET.reached, `the fake address should lead to example.com (${TARGET.reached}), reached ${r.reached}`);
      await lab.accessLine('server', /accepted tcp:(?<name>example\.com):80/, 'the server connecting to example.com, not the fake address');
      lab.saw({dnsPort: 5353, fakeRange: String(JSON.stringify(lab.source('client')).match(/"ipPool":"([^"]+)"/)?.[1])});
      await lab.accessLine('client', /accepted tcp:example\.com:80 \[proxy\]|accepted tcp:198\.18\.[\d.]+:80 \[proxy\]/, 'the connection sent to proxy');
    },
  },
];
