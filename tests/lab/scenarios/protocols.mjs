// /config/protocols/*, /guide/start: client and server examples run as pairs.
import {TARGET, throughServer, udpThroughServer} from '../kit.mjs';

/** @type {import('../run.mjs').Scenario[]} */
export default [
  {
    name: 'start-pair',
    proves: {
      zh: '客户端的 Socks 端口经 VMess（TCP）连到 203.0.113.10 上的服务器，数据双向完整到达目标；Socks 的 UDP 数据报也经服务器往返。',
      en: 'the client\'s Socks port reaches the server at 203.0.113.10 over VMess on TCP, and data arrives intact both ways; a Socks UDP datagram makes the round trip through the server too.',
    },
    run: {server: 'start-server', client: 'start-client'},
    ports: [10086, 1080],
    async check(lab) {
      await throughServer(lab);
      await lab.accessLine('client', /accepted tcp:example\.com:80 \[proxy\]/, 'example.com sent to proxy');
      await udpThroughServer(lab);
    },
  },
  {
    name: 'shadowsocks-pair',
    proves: {
      zh: '客户端经 Shadowsocks（aes-256-gcm）连上 203.0.113.10 的服务器，TCP 数据双向完整到达，Socks 的 UDP 数据报也经服务器往返；服务器记下用户 carol@example.com。',
      en: 'the client reaches the server at 203.0.113.10 over Shadowsocks (aes-256-gcm): TCP data arrives intact both ways, and a Socks UDP datagram makes the round trip through the server too; the server logs the user carol@example.com.',
    },
    run: {server: 'ss-server', client: 'ss-client'},
    ports: [8388, 1080],
    async check(lab) {
      await throughServer(lab, {serverLog: /accepted tcp:example\.com:80 \[direct\] email: carol@example\.com/});
      const {reply} = await lab.udpVia(lab.socks(1080), 'example.com', 7, Buffer.from('udp-through-shadowsocks'));
      lab.expect(String(reply) === 'reached 93.184.216.34:7\nudp-through-shadowsocks', `UDP echo through Shadowsocks: ${JSON.stringify(String(reply))}`);
      await lab.accessLine('server', /accepted udp:example\.com:7 \[direct\] email: carol@example\.com/, 'the UDP datagram through the server');
    },
  },
  {
    name: 'trojan-pair',
    proves: {
      zh: '客户端经 Trojan over TLS 连上服务器（证书由服务器名 proxy.example.com 验证），数据双向完整到达，Socks 的 UDP 数据报也经服务器往返；不是 Trojan 的 TLS 连接被回落到 8080 端口的网站。',
      en: 'the client reaches the server over Trojan on TLS (the certificate verified for proxy.example.com) and data arrives intact both ways, a Socks UDP datagram too; a TLS connection that is not Trojan falls back to the website on port 8080.',
    },
    run: {server: 'trojan-server', client: 'trojan-client'},
    ports: [443, 1080, 8080],
    async check(lab) {
      await lab.serve(8080, (s) => s.once('data', () => s.end('HTTP/1.1 200 OK\r\nContent-Length: 12\r\nConnection: close\r\n\r\nfallback-site')));
      await throughServer(lab, {serverLog: /accepted tcp:example\.com:80 \[direct\] email: dave@example\.com/});
      await udpThroughServer(lab);
      const page = await lab.tlsExchange('proxy.example.com', lab.port(443), 'GET / HTTP/1.1\r\nHost: proxy.example.com\r\n\r\n');
      lab.expect(page.includes('fallback-site'), `a plain HTTPS request should reach the fallback site, got ${JSON.stringify(page.slice(0, 200))}`);
    },
  },
  {
    name: 'vless-pair',
    proves: {
      zh: '客户端经 VLESS over TLS 连上服务器，数据双向完整到达，Socks 的 UDP 数据报也经服务器往返；普通 HTTPS 请求回落到 8080 端口，路径 /status 的请求回落到 8081 端口并带上 PROXY protocol v1 头。',
      en: 'the client reaches the server over VLESS on TLS and data arrives intact both ways, a Socks UDP datagram too; a plain HTTPS request falls back to port 8080, and one for /status to port 8081 with a PROXY protocol v1 header.',
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
      const status = await lab.tlsExchange('proxy.example.com', lab.port(443), 'GET /status HTTP/1.1\r\nHost: proxy.example.com\r\n\r\n');
      lab.expect(/\r\n\r\nPROXY TCP4 /.test(status), `GET /status should reach port 8081 after a PROXY v1 header, got ${JSON.stringify(status.slice(0, 200))}`);
    },
  },
  {
    name: 'http-upstream',
    proves: {
      zh: '带密码的 HTTP 代理接受 alice 的请求，拒绝错误的密码，并把连接经上游代理 proxy.corp.example.com:3128（用 employee 的账号）发出。',
      en: 'the HTTP proxy with a password accepts alice, refuses a wrong password, and sends the connection through the upstream proxy proxy.corp.example.com:3128 with the employee account.',
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
      const r = await lab.fetch(lab.http(8080, {user: 'alice', pass: 's3cret-Alice'}), TARGET.url);
      lab.expect(r.reached === TARGET.reached, `reached ${r.reached}`);
      await lab.accessLine('upstream', /accepted (tcp:|\/\/)example\.com:80 \[upstream-out\]/, 'the upstream proxy carried it');
      const refused = await lab.fetchFails(lab.http(8080, {user: 'alice', pass: 'wrong'}), TARGET.url);
      lab.expect(/407/.test(refused), `a wrong password should get 407, got: ${refused}`);
    },
  },
  {
    name: 'socks-upstream',
    proves: {
      zh: 'Socks 代理只接受 alice 和 bob 的密码，并把连接经上游 198.51.100.20:1080（用 relay 的账号）发出；UDP 数据报按 ip 设置发往 192.168.1.10，也经上游往返。',
      en: 'the Socks proxy accepts only alice\'s and bob\'s passwords and sends the connection through the upstream 198.51.100.20:1080 with the relay account; UDP datagrams go to 192.168.1.10 as its ip setting says and make the round trip through the upstream too.',
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
      for (const [user, pass] of [['alice', 's3cret-Alice'], ['bob', 's3cret-Bob']]) {
        const r = await lab.fetch(lab.socks(1080, {user, pass, host: '192.168.1.10'}), TARGET.url);
        lab.expect(r.reached === TARGET.reached, `${user}: reached ${r.reached}`);
      }
      await lab.accessLine('upstream', /accepted tcp:example\.com:80 \[upstream-out\]/, 'the upstream carried it');
      const {reply, relay} = await lab.udpVia(lab.socks(1080, {user: 'bob', pass: 's3cret-Bob', host: '192.168.1.10'}), 'example.com', 7, Buffer.from('udp'));
      lab.expect(relay.startsWith('192.168.1.10:'), `the UDP relay address should be the "ip" setting 192.168.1.10, was ${relay}`);
      lab.expect(String(reply) === 'reached 93.184.216.34:7\nudp', `UDP echo through the upstream: ${JSON.stringify(String(reply))}`);
      await lab.accessLine('upstream', /accepted udp:example\.com:7 \[upstream-out\]/, 'the UDP datagram through the upstream');
      const refused = await lab.fetchFails(lab.socks(1080, {user: 'alice', pass: 'wrong', host: '192.168.1.10'}), TARGET.url);
      lab.expect(/authentication/.test(refused), `a wrong password should be refused, got: ${refused}`);
    },
  },
  {
    name: 'blackhole-http',
    proves: {
      zh: 'HTTP 代理直连 example.com；ads.example.com 的子域名和含 tracker 的域名得到 HTTP 403，请求到不了目标。',
      en: 'the HTTP proxy reaches example.com directly; a subdomain of ads.example.com and a name containing tracker get HTTP 403 and never reach their host.',
    },
    run: {proxy: 'blackhole-http'},
    ports: [8080],
    async check(lab) {
      const r = await lab.fetch(lab.http(8080), TARGET.url);
      lab.expect(r.reached === TARGET.reached, `reached ${r.reached}`);
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
        lab.expect(/^HTTP\/1\.1 403 /.test(String(answer)), `${host} should get HTTP 403, got: ${JSON.stringify(answer)}`);
        await lab.accessLine('proxy', new RegExp(`accepted (tcp:|//)${host.replace(/\./g, '\\.')}:80 \\[block\\]`), `${host} sent to block`);
      }
      lab.expect(!lab.standins().some((e) => /ads\.example\.com|tracker/.test(String(e.host))), 'a blocked name reached a stand-in');
    },
  },
  {
    name: 'inbounds-socks-http',
    proves: {
      zh: '本机 1080（Socks）和 8080（HTTP）两个端口都能代理连接，数据双向完整到达。',
      en: 'both local ports, 1080 (Socks) and 8080 (HTTP), carry a connection with data intact both ways.',
    },
    run: {proxy: 'inbounds-socks-http'},
    ports: [1080, 8080],
    async check(lab) {
      for (const p of [lab.socks(1080), lab.http(8080)]) {
        const r = await lab.fetch(p, TARGET.url);
        lab.expect(r.reached === TARGET.reached, `reached ${r.reached}`);
      }
      await lab.accessLine('proxy', /socks-in|accepted/, 'the requests');
    },
  },
  {
    name: 'hy2-pair',
    proves: {
      zh: '客户端经 Hysteria2 连上 UDP 443 端口的服务器，数据双向完整到达，Socks 的 UDP 数据报也经服务器往返（服务器允许转发 UDP）；客户端日志显示连接走 proxy 出站。',
      en: 'the client reaches the server on UDP port 443 over Hysteria2 and data arrives intact both ways, a Socks UDP datagram too (the server allows UDP); the client\'s log shows the connection taking the proxy outbound.',
    },
    run: {server: 'hy2-server', client: 'hy2-client'},
    ports: [443, 1080],
    async check(lab) {
      await throughServer(lab, {serverLog: /accepted tcp:example\.com:80 \[direct\]/});
      await lab.accessLine('client', /accepted tcp:example\.com:80 \[proxy\]/, 'example.com sent to proxy');
      await udpThroughServer(lab, {serverLog: /accepted udp:example\.com:7 \[direct\]/});
    },
  },
];
