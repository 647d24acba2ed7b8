// /config/protocols/*, /guide/start: client and server examples run as pairs.
import {TARGET, certificateFor, dialled, shared, throughServer, udpThroughServer} from '../kit.mjs';

/** @type {import('../run.mjs').Scenario[]} */
export default [
  {
    name: 'start-pair',
    proves: {
      zh: '客户端的 Socks 端口经 VMess（TCP）连到 {server} 上的服务器，数据双向完整到达目标；Socks 的 UDP 数据报也经服务器往返。',
      en: 'the client\'s Socks port reaches the server at {server} over VMess on TCP, and data arrives intact both ways; a Socks UDP datagram makes the round trip through the server too.',
    },
    run: {server: 'start-server', client: 'start-client'},
    ports: [10086, 1080],
    async check(lab) {
      await throughServer(lab);
      await dialled(lab);
      await lab.accessLine('client', /accepted tcp:example\.com:80 \[proxy\]/, 'example.com sent to proxy');
      await udpThroughServer(lab);
    },
  },
  {
    name: 'shadowsocks-pair',
    proves: {
      zh: '客户端经 Shadowsocks（{method}）连上 {server} 的服务器，TCP 数据双向完整到达，Socks 的 UDP 数据报也经服务器往返；服务器记下用户 {user}。',
      en: 'the client reaches the server at {server} over Shadowsocks ({method}): TCP data arrives intact both ways, and a Socks UDP datagram makes the round trip through the server too; the server logs the user {user}.',
    },
    run: {server: 'ss-server', client: 'ss-client'},
    ports: [8388, 1080],
    async check(lab) {
      await throughServer(lab, {serverLog: /accepted tcp:example\.com:80 \[direct\] email: (?<user>\S+)/});
      await dialled(lab);
      shared(lab, 'method', ['server', (c) => c.inbounds[0].settings.method], ['client', (c) => c.outbounds[0].settings.servers[0].method]);
      const {reply} = await lab.udpVia(lab.socks(1080), 'example.com', 7, Buffer.from('udp-through-shadowsocks'));
      lab.expect(String(reply) === 'reached 93.184.216.34:7\nudp-through-shadowsocks', `UDP echo through Shadowsocks: ${JSON.stringify(String(reply))}`);
      await lab.accessLine('server', /accepted udp:example\.com:7 \[direct\] email: (?<user>\S+)/, 'the UDP datagram through the server');
    },
  },
  {
    name: 'trojan-pair',
    proves: {
      zh: '客户端经 Trojan over TLS 连上服务器（证书按 {serverName} 验证），数据双向完整到达，Socks 的 UDP 数据报也经服务器往返；不是 Trojan 的 TLS 连接被回落到 {fallbackPort} 端口的网站。',
      en: 'the client reaches the server over Trojan on TLS (the certificate verified for {serverName}) and data arrives intact both ways, a Socks UDP datagram too; a TLS connection that is not Trojan falls back to the website on port {fallbackPort}.',
    },
    run: {server: 'trojan-server', client: 'trojan-client'},
    ports: [443, 1080, 8080],
    async check(lab) {
      await lab.serve(8080, (s) => s.once('data', () => s.end('HTTP/1.1 200 OK\r\nContent-Length: 12\r\nConnection: close\r\n\r\nfallback-site')));
      await throughServer(lab, {serverLog: /accepted tcp:example\.com:80 \[direct\] email: dave@example\.com/});
      await udpThroughServer(lab);
      const page = await lab.tlsExchange('proxy.example.com', lab.port(443), 'GET / HTTP/1.1\r\nHost: proxy.example.com\r\n\r\n');
      lab.expect(page.includes('fallback-site'), `a plain HTTPS request should reach the fallback site, got ${JSON.stringify(page.slice(0, 200))}`, {fallbackPort: 8080});
      lab.expect(lab.source('server').inbounds[0].settings.fallbacks.some((/** @type {any} */ f) => String(f.dest) === '8080'), 'the fallback the site answered on is the example\'s');
      await certificateFor(lab, {port: 443});
    },
  },
  {
    name: 'vless-pair',
    proves: {
      zh: '客户端经 VLESS over TLS 连上服务器，数据双向完整到达，Socks 的 UDP 数据报也经服务器往返；普通 HTTPS 请求回落到 {sitePort} 端口，路径 {statusPath} 的请求回落到 {statusPort} 端口并带上 PROXY 协议（版本 {xver}）头。',
      en: 'the client reaches the server over VLESS on TLS and data arrives intact both ways, a Socks UDP datagram too; a plain HTTPS request falls back to port {sitePort}, and one for {statusPath} to port {statusPort} with a PROXY protocol version {xver} header.',
    },
    run: {server: 'vless-server', client: 'vless-client'},
    ports: [443, 1080, 8080, 8081],
    async check(lab) {
      await lab.serve(8080, (s) => s.once('data', () => s.end('HTTP/1.1 200 OK\r\nContent-Length: 4\r\nConnection: close\r\n\r\nsite')));
      await lab.serve(8081, (s) => s.once('data', (d) => {
        const first = String(d).split('\r\n')[0] ?? '';
        s.end(`HTTP/1.1 200 OK\r\nContent-Length: ${first.length}\r\nConnection: close\r\n\r\n${first}`);
      }));
      await throughServer(lab, {serverLog: /accepted tcp:example\.com:80 \[direct\] email: bob@example\.com/});
      await udpThroughServer(lab);
      const site = await lab.tlsExchange('proxy.example.com', lab.port(443), 'GET / HTTP/1.1\r\nHost: proxy.example.com\r\n\r\n');
      lab.expect(/\r\n\r\nsite$/.test(site), `GET / should fall back to port 8080, got ${JSON.stringify(site.slice(0, 200))}`);
      const status = await lab.tlsExchange('proxy.example.com', lab.port(443), `GET ${lab.source('server').inbounds[0].settings.fallbacks.find((/** @type {any} */ f) => f.path)?.path} HTTP/1.1\r\nHost: proxy.example.com\r\n\r\n`);
      lab.expect(/\r\n\r\nPROXY TCP4 /.test(status), `GET /status should reach port 8081 after a PROXY v1 header, got ${JSON.stringify(status.slice(0, 200))}`);
      // the ports that answered are the example's fallbacks (the lab's servers stand behind them)
      const fallbacks = lab.source('server').inbounds[0].settings.fallbacks;
      const byPath = fallbacks.find((/** @type {any} */ f) => f.path);
      lab.expect(fallbacks.some((/** @type {any} */ f) => !f.path && String(f.dest) === '8080') && /(^|:)8081$/.test(String(byPath?.dest)) && byPath?.xver === 1,
        `the fallbacks should be 8080, and ${byPath?.path} to 8081 with xver 1: ${JSON.stringify(fallbacks)}`, {sitePort: 8080, statusPort: 8081, statusPath: byPath?.path, xver: 1});
    },
  },
  {
    name: 'http-upstream',
    proves: {
      zh: '带密码的 HTTP 代理接受 {user} 的请求，拒绝错误的密码，并把连接经上游代理 {upstream}:{upstreamPort}（用 {upstreamUser} 的账号）发出。',
      en: 'the HTTP proxy with a password accepts {user}, refuses a wrong password, and sends the connection through the upstream proxy {upstream}:{upstreamPort} with the {upstreamUser} account.',
    },
    run: {
      upstream: {inline: {
        inbounds: [{listen: '10.20.30.40', port: 3128, protocol: 'http', settings: {accounts: [{user: 'employee', pass: 'Corp-Pass-1'}]}}],
        outbounds: [{protocol: 'freedom', tag: 'upstream-out'}],
      }},
      proxy: 'http-upstream',
    },
    ports: [8080, 3128],
    async check(lab) {
      const account = lab.source('proxy').inbounds[0].settings.accounts[0];
      const r = await lab.fetch(lab.http(8080, {user: account.user, pass: account.pass}), TARGET.url);
      lab.expect(r.reached === TARGET.reached, `reached ${r.reached}`, {user: account.user});
      await lab.accessLine('upstream', /accepted (tcp:|\/\/)example\.com:80 \[upstream-out\]/, 'the upstream proxy carried it');
      // the upstream (written here) lets in only its own account: the proxy used the one the example gives it
      const up = lab.source('proxy').outbounds[0].settings.servers[0];
      const mine = lab.source('upstream').inbounds[0];
      lab.expect(up.address === 'proxy.corp.example.com' && up.port === mine.port && up.users[0].user === mine.settings.accounts[0].user,
        `the example's upstream should be the one the test runs: ${JSON.stringify(up)}`, {upstream: up.address, upstreamPort: up.port, upstreamUser: up.users[0].user});
      const refused = await lab.fetchFails(lab.http(8080, {user: 'alice', pass: 'wrong'}), TARGET.url);
      lab.expect(/407/.test(refused), `a wrong password should get 407, got: ${refused}`);
    },
  },
  {
    name: 'socks-upstream',
    proves: {
      zh: 'Socks 代理只接受 {users} 的密码，并把连接经上游 {upstream}:{upstreamPort}（用 {upstreamUser} 的账号）发出；UDP 数据报按 ip 设置发往 {relayIp}，也经上游往返。',
      en: 'the Socks proxy accepts only {users}\'s passwords and sends the connection through the upstream {upstream}:{upstreamPort} with the {upstreamUser} account; UDP datagrams go to {relayIp} as its ip setting says and make the round trip through the upstream too.',
    },
    run: {
      upstream: {inline: {
        inbounds: [{listen: '198.51.100.20', port: 1080, protocol: 'socks', settings: {auth: 'password', accounts: [{user: 'relay', pass: 'relay-Pass-9'}], udp: true, ip: '198.51.100.20'}}],
        outbounds: [{protocol: 'freedom', tag: 'upstream-out'}],
      }},
      proxy: 'socks-upstream',
    },
    ports: [1080],
    async check(lab) {
      for (const {user, pass} of lab.source('proxy').inbounds[0].settings.accounts) {
        const r = await lab.fetch(lab.socks(1080, {user, pass, host: '192.168.1.10'}), TARGET.url);
        lab.expect(r.reached === TARGET.reached, `${user}: reached ${r.reached}`, {users: user});
      }
      await lab.accessLine('upstream', /accepted tcp:example\.com:80 \[upstream-out\]/, 'the upstream carried it');
      const up = lab.source('proxy').outbounds[0].settings.servers[0];
      const mine = lab.source('upstream').inbounds[0];
      lab.expect(up.address === mine.listen && up.port === mine.port && up.users[0].user === mine.settings.accounts[0].user,
        `the example's upstream should be the one the test runs: ${JSON.stringify(up)}`, {upstream: up.address, upstreamPort: up.port, upstreamUser: up.users[0].user});
      const {reply, relay} = await lab.udpVia(lab.socks(1080, {user: 'bob', pass: 's3cret-Bob', host: '192.168.1.10'}), 'example.com', 7, Buffer.from('udp'));
      lab.expect(relay.startsWith(`${lab.source('proxy').inbounds[0].settings.ip}:`), `the UDP relay address should be the "ip" setting, was ${relay}`, {relayIp: relay.split(':')[0]});
      lab.expect(String(reply) === 'reached 93.184.216.34:7\nudp', `UDP echo through the upstream: ${JSON.stringify(String(reply))}`);
      await lab.accessLine('upstream', /accepted udp:example\.com:7 \[upstream-out\]/, 'the UDP datagram through the upstream');
      const refused = await lab.fetchFails(lab.socks(1080, {user: 'alice', pass: 'wrong', host: '192.168.1.10'}), TARGET.url);
      lab.expect(/authentication/.test(refused), `a wrong password should be refused, got: ${refused}`);
    },
  },
  {
    name: 'blackhole-http',
    proves: {
      zh: 'HTTP 代理直连 {direct}；{blocked} 得到 HTTP {status}，请求到不了目标。',
      en: 'the HTTP proxy reaches {direct} directly; {blocked} get HTTP {status} and never reach their host.',
    },
    run: {proxy: 'blackhole-http'},
    ports: [8080],
    async check(lab) {
      const r = await lab.fetch(lab.http(8080), TARGET.url);
      lab.expect(r.reached === TARGET.reached, `reached ${r.reached}`, {direct: r.host});
      for (const host of ['x.ads.example.com', 'tracker.example.net']) {
        // through the CONNECT tunnel, Blackhole writes its 403 answer (lines end in \n only) and closes
        const socket = await lab.proxyConnect(lab.http(8080), host, 80);
        const answer = await new Promise((ok) => {
          let got = '';
          socket.on('data', (d) => { got += d; });
          socket.on('close', () => ok(got));
          socket.write(`GET / HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
          socket.resume();
        });
        lab.expect(/^HTTP\/1\.1 403 /.test(String(answer)), `${host} should get HTTP 403, got: ${JSON.stringify(answer)}`, {status: String(answer).split(' ')[1]});
        await lab.accessLine('proxy', new RegExp(`accepted (tcp:|//)${host.replace(/\./g, '\\.')}:80 \\[block\\]`), `${host} sent to block`);
        lab.saw({blocked: host});
      }
      lab.expect(!lab.standins().some((e) => /ads\.example\.com|tracker/.test(String(e.host))), 'a blocked name reached a stand-in');
    },
  },
  {
    name: 'inbounds-socks-http',
    proves: {
      zh: '本机 {socksPort}（Socks）和 {httpPort}（HTTP）两个端口都能代理连接，数据双向完整到达。',
      en: 'both local ports, {socksPort} (Socks) and {httpPort} (HTTP), carry a connection with data intact both ways.',
    },
    run: {proxy: 'inbounds-socks-http'},
    ports: [1080, 8080],
    async check(lab) {
      for (const p of [lab.socks(1080), lab.http(8080)]) {
        const r = await lab.fetch(p, TARGET.url);
        lab.expect(r.reached === TARGET.reached, `reached ${r.reached}`);
      }
      await lab.accessLine('proxy', /socks-in|accepted/, 'the requests');
      lab.saw({socksPort: 1080, httpPort: 8080});
    },
  },
  {
    name: 'hy2-pair',
    proves: {
      zh: '客户端经 Hysteria2 连上 UDP {serverPort} 端口的服务器，数据双向完整到达，Socks 的 UDP 数据报也经服务器往返（服务器允许转发 UDP）；客户端日志显示连接走 {outbound} 出站。',
      en: 'the client reaches the server on UDP port {serverPort} over Hysteria2 and data arrives intact both ways, a Socks UDP datagram too (the server allows UDP); the client\'s log shows the connection taking the {outbound} outbound.',
    },
    run: {server: 'hy2-server', client: 'hy2-client'},
    ports: [443, 1080],
    async check(lab) {
      await throughServer(lab, {serverLog: /accepted tcp:example\.com:80 \[direct\]/});
      await lab.accessLine('client', /accepted tcp:example\.com:80 \[(?<outbound>proxy)\]/, 'example.com sent to proxy');
      await dialled(lab);
      await udpThroughServer(lab, {serverLog: /accepted udp:example\.com:7 \[direct\]/});
    },
  },
];
