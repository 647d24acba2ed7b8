// The v5 branch's complete examples of inbounds, outbounds and protocols (versioned_docs/v5,
// run with -format jsonv5). A page that shows one side only gets its partner here, in the v4
// format unless marked v5.
import {execFileSync, spawn} from 'node:child_process';
import {TARGET, certificateFor, dialled, throughServer, udpThroughServer, vmessClient} from '../kit.mjs';

/** The lab's certificate, as a partner server's TLS settings name it (the lab substitutes both files). */
const LAB_CERT = {certificates: [{certificateFile: 'lab.crt', keyFile: 'lab.key'}]};

/**
 * A VMess server (v4 format) with Freedom behind it, on `listen` when several share a port number.
 * @param {{id: string, port: number, listen?: string, stream?: Record<string, unknown>}} o
 */
export function vmessPartner({id, port, listen, stream}) {
  return {
    inbounds: [{...(listen ? {listen} : {}), port, protocol: 'vmess', settings: {clients: [{id}]}, ...(stream ? {streamSettings: stream} : {})}],
    outbounds: [{protocol: 'freedom', tag: 'server-out'}],
  };
}

/** VMess over TLS with the lab's certificate. @param {string} id @param {number} port @param {string} [listen] */
export const vmessTlsPartner = (id, port, listen) => vmessPartner({id, port, listen, stream: {security: 'tls', tlsSettings: LAB_CERT}});

/** A local Socks 1080 (UDP on) and one outbound: the client side for a server example. @param {Record<string, unknown>} outbound */
const socksClient = (outbound, port = 1080) => ({
  inbounds: [{listen: '127.0.0.1', port, protocol: 'socks', settings: {udp: true}}],
  outbounds: [{tag: 'proxy', ...outbound}],
});

/**
 * A plain HTTP request (or one inside TLS) to `address`:`port` through the proxy, naming `name` in
 * its Host header and TLS SNI: what sniffing sees. Resolves to the stand-in's report.
 * @param {import('../run.mjs').LabContext} lab @param {import('../../toolkit/clients.mjs').Proxy} proxy
 * @param {string} address @param {number} port @param {string} name @param {boolean} [tls]
 * @returns {Promise<{reached: string, host: string, sni: string | null}>}
 */
export async function requestNaming(lab, proxy, address, port, name, tls = false) {
  const {connect} = await import('node:tls');
  /** @type {import('node:net').Socket} */
  let socket = await lab.proxyConnect(proxy, address, port);
  if (tls) {
    const plain = socket;
    socket = await new Promise((ok, fail) => {
      const t = connect({socket: plain, servername: name, ca: lab.ca}, () => ok(t));
      t.once('error', fail);
    });
  }
  return new Promise((ok, fail) => {
    let got = '';
    const timer = setTimeout(() => { socket.destroy(); fail(new Error(`${address}:${port} naming ${name}: no answer in 5 s`)); }, 5_000);
    /** The stand-in's JSON once all of it has arrived (the answer ends at close, which a TUN stack may pass on late). */
    const report = () => {
      const at = got.indexOf('\r\n\r\n');
      if (at < 0) return null;
      try { return JSON.parse(got.slice(at + 4)); } catch { return null; }
    };
    socket.on('data', (d) => {
      got += d;
      const r = report();
      if (r) { clearTimeout(timer); socket.destroy(); ok(r); }
    });
    socket.on('error', (e) => { clearTimeout(timer); fail(e); });
    socket.on('close', () => {
      clearTimeout(timer);
      const r = report();
      if (r) ok(r); else fail(new Error(`${address}:${port} naming ${name}: not a stand-in's answer: ${JSON.stringify(got.slice(0, 200))}`));
    });
    socket.write(`GET / HTTP/1.0\r\nHost: ${name}\r\n\r\n`); // 1.0: the answer is not chunked
    socket.resume();
  });
}

const VMESS_ID = '8e50d5ae-397d-49b0-9964-1fc852b673fb';
/** The WireGuard server's private key; the page's peer publicKey is its public half (tjQQkJhE…). */
const WG_SERVER_PRIVATE = 'gKINJgBtN3z4FglXyCHAwl9Q4kxHw3p//AU+Lpfpw0U=';
/** The public half of the page's privateKey (QB6fiZtm…), the key the server lets in. */
const WG_CLIENT_PUBLIC = 'lfKyCyrbJqnGGHxpNWMurDellyPRV//P2rPZ/SSyJ18=';

/** @type {import('../run.mjs').Scenario[]} */
export default [
  {
    name: 'v5-minimal',
    proves: {
      zh: '本机 {socksPort} 端口的 SOCKS 入站把 TCP 连接和 UDP 数据报直接发往目标，数据完整往返。',
      en: 'the SOCKS inbound on local port {socksPort} sends TCP connections and UDP datagrams straight to their destination, and the data makes the round trip intact.',
    },
    run: {config: 'v5-minimal'},
    ports: [1080],
    async check(lab) {
      await throughServer(lab, {server: 'config'});
      await udpThroughServer(lab, {server: 'config'});
      lab.saw({socksPort: 1080});
    },
  },
  {
    name: 'v5-inbounds-sniffing',
    proves: {
      zh: 'SOCKS（{socksPort}）和 HTTP（{httpPort}）两个端口都能代理连接；经 SOCKS 发往 IP 地址 {address} 的 HTTP 和 TLS 连接，按探测出的域名 {sniffed} 发往了 {sniffed}。',
      en: 'both ports, SOCKS ({socksPort}) and HTTP ({httpPort}), carry connections; HTTP and TLS connections sent through SOCKS to the IP address {address} go to {sniffed}, the domain sniffing found in them.',
    },
    run: {config: 'v5-inbound-example'},
    ports: [1080, 8080],
    async check(lab) {
      const viaHttp = await lab.fetch(lab.http(8080), TARGET.url);
      lab.expect(viaHttp.reached === TARGET.reached, `through HTTP 8080: reached ${viaHttp.reached}`);
      for (const [port, tls] of /** @type {const} */ ([[80, false], [443, true]])) {
        const r = await requestNaming(lab, lab.socks(1080), '192.0.2.10', port, 'example.com', tls);
        lab.expect(r.reached === `93.184.216.34:${port}`, `192.0.2.10:${port} naming example.com (${tls ? 'TLS' : 'HTTP'}) should be sent to example.com by sniffing, reached ${r.reached}`,
          {address: '192.0.2.10', socksPort: 1080, httpPort: 8080});
        await lab.errorLine('config', new RegExp(`sniffed domain: (?<sniffed>example\\.com) for tcp:192\\.0\\.2\\.10:${lab.port(1080) ? port : port}`), 'sniffing example.com');
      }
    },
  },
  {
    name: 'v5-outbound-client',
    proves: {
      zh: '{proxied} 经 VMess（WebSocket + TLS，路径 {path}）由代理服务器发出；私有地址 {private} 直连，代理服务器看不到它们。',
      en: '{proxied} goes out through the proxy server over VMess (WebSocket and TLS, path {path}); the private addresses {private} go direct and the proxy server never sees them.',
    },
    run: {
      server: {inline: vmessPartner({id: VMESS_ID, port: 443, stream: {network: 'ws', security: 'tls', wsSettings: {path: '/ray'}, tlsSettings: LAB_CERT}})},
      client: 'v5-outbound-example',
    },
    ports: [443, 1080],
    async check(lab) {
      await throughServer(lab, {serverLog: /accepted tcp:(?<proxied>example\.com):80/});
      await lab.errorLine('client', /transport\/internet\/websocket: creating connection/, 'the client dialling over WebSocket');
      // the test's server upgrades only its own path: the client used it
      lab.saw({path: lab.source('server').inbounds[0].streamSettings.wsSettings.path});
      for (const address of ['10.1.2.3', '192.168.1.10']) {
        const r = await lab.fetch(lab.socks(1080), `http://${address}/`);
        lab.expect(r.reached === `${address}:80`, `${address} reached ${r.reached}`);
        await lab.accessLine('client', new RegExp(`accepted tcp:${address.replace(/\./g, '\\.')}:80 \\[direct\\]`), `${address} sent direct`);
        lab.expect(!lab.access('server').includes(address), `the proxy server saw ${address}`, {private: address});
      }
    },
  },
  {
    name: 'v5-vmess-pair',
    proves: {
      zh: '客户端的 SOCKS 连接和 UDP 数据报经 VMess 到达服务端（{server}:{serverPort}），由服务端发往目标，服务端的访问日志记录了它们。',
      en: 'the client\'s SOCKS connections and UDP datagrams reach the server ({server}:{serverPort}) over VMess and leave from there; the server\'s access log records them.',
    },
    run: {server: 'v5-vmess-server', client: 'v5-vmess-client'},
    ports: [10086, 1080],
    async check(lab) {
      await throughServer(lab);
      await dialled(lab);
      await udpThroughServer(lab);
    },
  },
  {
    name: 'v5-two-inbounds',
    proves: {
      zh: '同一台服务器上，VMess（{vmessPort}）和 Shadowsocks（{ssPort}，{method}）两个入站都接受各自的客户端，连接经直连出站到达目标；Shadowsocks 也转发 UDP。',
      en: 'on the one server, both inbounds, VMess ({vmessPort}) and Shadowsocks ({ssPort}, {method}), accept their clients and the connections reach their destination through the direct outbound; Shadowsocks forwards UDP too.',
    },
    run: {
      server: 'v5-proxy-example',
      vmess: {inline: vmessClient({id: VMESS_ID, address: 'proxy.example.com', port: 10086})},
      ss: {inline: socksClient({protocol: 'shadowsocks', settings: {servers: [{address: 'proxy.example.com', port: 8388, method: 'chacha20-ietf-poly1305', password: 'correct-horse-battery'}]}}, 1081)},
    },
    ports: [10086, 8388, 1080, 1081],
    async check(lab) {
      await throughServer(lab);
      lab.expect((lab.access('server').match(/accepted tcp:example\.com:80/g) ?? []).length === 1, 'the VMess connection should be logged once');
      const r = await lab.fetch(lab.socks(1081), TARGET.url);
      lab.expect(r.reached === TARGET.reached, `through Shadowsocks: reached ${r.reached}`);
      await lab.waitFor(() => (lab.access('server').match(/accepted tcp:example\.com:80/g) ?? []).length === 2, 'the server logs the Shadowsocks connection too');
      const {reply} = await lab.udpVia(lab.socks(1081), 'example.com', 7, Buffer.from('ss-udp'));
      lab.expect(String(reply) === 'reached 93.184.216.34:7\nss-udp', `UDP through Shadowsocks: ${JSON.stringify(String(reply))}`);
      await lab.accessLine('server', /accepted udp:example\.com:7/, 'the UDP datagram through Shadowsocks');
      await lab.errorLine('server', /proxy\/shadowsocks: tunnelling request to tcp:example\.com:80|proxy\/shadowsocks: .*example\.com/, 'the Shadowsocks inbound handling it');
      const ss = lab.source('ss').outbounds[0].settings.servers[0];
      lab.saw({vmessPort: 10086, ssPort: 8388, method: ss.method});
    },
  },
  {
    name: 'v5-shadowsocks-server',
    proves: {
      zh: 'Shadowsocks 服务端（{method}）接受知道密码的客户端，转发它的 TCP 连接和 UDP 数据报。',
      en: 'the Shadowsocks server ({method}) accepts a client that knows the password and forwards its TCP connections and UDP datagrams.',
    },
    run: {
      server: 'v5-shadowsocks-server',
      client: {inline: socksClient({protocol: 'shadowsocks', settings: {servers: [{address: 'proxy.example.com', port: 8388, method: 'chacha20-ietf-poly1305', password: 'p9Kx2vQ7mLr4Tz8W'}]}})},
    },
    ports: [8388, 1080],
    async check(lab) {
      await throughServer(lab);
      await udpThroughServer(lab);
      // the client written here uses the method the test gives it; the server took it
      lab.saw({method: lab.source('client').outbounds[0].settings.servers[0].method});
    },
  },
  {
    name: 'v5-socks',
    proves: {
      zh: 'SOCKS 入站（deferLastReply 开启）代理 TCP 连接，也转发 UDP 数据报，都直接发往目标。',
      en: 'the SOCKS inbound (with deferLastReply) carries TCP connections and forwards UDP datagrams, both straight to their destination.',
    },
    run: {config: 'v5-socks'},
    ports: [1080],
    async check(lab) {
      await throughServer(lab, {server: 'config'});
      await udpThroughServer(lab, {server: 'config'});
    },
  },
  {
    name: 'v5-http',
    proves: {
      zh: '不需要认证的 HTTP 代理（{httpPort}）把连接直接发往目标，数据完整往返。',
      en: 'the HTTP proxy without authentication ({httpPort}) sends connections straight to their destination, with the data intact both ways.',
    },
    run: {config: 'v5-http'},
    ports: [8080],
    async check(lab) {
      const r = await lab.fetch(lab.http(8080), TARGET.url);
      lab.expect(r.reached === TARGET.reached, `reached ${r.reached}`);
      // an HTTP CONNECT is logged as //host:port
      await lab.accessLine('config', /accepted (tcp:|\/\/)example\.com:80/, 'the request');
      lab.saw({httpPort: 8080});
    },
  },
  {
    name: 'v5-blackhole',
    proves: {
      zh: '{direct} 直连；{blocked} 被交给 Blackhole，连接被关闭，请求到不了目标。',
      en: '{direct} goes direct; {blocked} is handed to Blackhole, the connection is closed and the request never reaches its host.',
    },
    run: {config: 'v5-blackhole'},
    ports: [1080],
    async check(lab) {
      await throughServer(lab, {server: 'config', serverLog: /accepted tcp:(?<direct>example\.com):80/});
      const error = await lab.fetchFails(lab.socks(1080), 'http://x.ads.example.com/');
      lab.expect(error, 'x.ads.example.com should fail');
      await lab.accessLine('config', /accepted tcp:(?<blocked>x\.ads\.example\.com):80 \[block\]/, 'x.ads.example.com sent to block');
      lab.expect(!lab.standins().some((e) => /ads\.example\.com/.test(String(e.host))), 'a stand-in saw ads.example.com');
    },
  },
  {
    name: 'v5-loopback',
    proves: {
      zh: '来自 {inbound} 的连接先交给 Loopback 出站 {loopback}，带着入站标签 {again} 再次进入路由，被送往 {final} 直连到达目标。',
      en: 'a connection from {inbound} is handed to the Loopback outbound {loopback}, enters routing again with the inbound tag {again}, and is sent to {final}, which reaches the destination.',
    },
    run: {config: 'v5-loopback'},
    ports: [1080],
    async check(lab) {
      await throughServer(lab, {server: 'config'});
      await lab.errorLine('config', /taking detour \[(?<loopback>second-pass)\] for \[tcp:example\.com:80\]/, 'the first pass goes to second-pass');
      await lab.errorLine('config', /taking detour \[(?<final>direct)\] for \[tcp:example\.com:80\]/, 'the second pass goes to direct');
      await lab.accessLine('config', /accepted tcp:example\.com:80 \[(?<inbound>socks-in) -> second-pass\]|accepted tcp:example\.com:80/, 'the first pass');
      const text = JSON.stringify(lab.source('config'));
      lab.saw({inbound: 'socks-in', again: String(/"inboundTag":"([^"]+)"/.exec(text.slice(text.indexOf('"loopback"')))?.[1])});
    },
  },
  {
    name: 'v5-trojan-server',
    proves: {
      zh: 'Trojan 服务端（TLS，证书按 {serverName} 验证）接受密码正确的客户端，转发它的连接。',
      en: 'the Trojan server (TLS, the certificate verified for {serverName}) accepts a client with the right password and forwards its connection.',
    },
    run: {
      server: 'v5-trojan-server',
      client: {inline: socksClient({protocol: 'trojan', settings: {servers: [{address: 'proxy.example.com', port: 443, password: 'correct-horse-battery-staple'}]}, streamSettings: {security: 'tls'}})},
    },
    ports: [443, 1080],
    async check(lab) {
      await throughServer(lab);
      await certificateFor(lab, {port: 443});
    },
  },
  {
    name: 'v5-vless-server',
    proves: {
      zh: 'VLESS 服务端（TCP + TLS，证书按 {serverName} 验证）接受 id 相同的客户端，转发它的 TCP 连接和 UDP 数据报。',
      en: 'the VLESS server (TCP and TLS, the certificate verified for {serverName}) accepts a client with the same id and forwards its TCP connections and UDP datagrams.',
    },
    run: {
      server: 'v5-vless-server',
      client: {inline: socksClient({protocol: 'vless', settings: {vnext: [{address: 'proxy.example.com', port: 443, users: [{id: '66af4df0-a5fe-4845-a902-b05b44dcdf77', encryption: 'none'}]}]}, streamSettings: {security: 'tls'}})},
    },
    ports: [443, 1080],
    async check(lab) {
      await throughServer(lab);
      await udpThroughServer(lab);
      await certificateFor(lab, {port: 443});
    },
  },
  {
    name: 'v5-server-spec',
    proves: {
      zh: '用完整消息写成的 VLESS 出站（vnext 中的一台服务器、一个用户）经 TLS 连上服务器，本机 SOCKS 的连接由它发出，服务端记下用户 {user}。',
      en: 'the VLESS outbound written as a full message (one server, one user in vnext) connects to the server over TLS, the local SOCKS connection goes out through it, and the server logs the user {user}.',
    },
    run: {
      server: {inline: {
        inbounds: [{port: 443, protocol: 'vless', settings: {clients: [{id: VMESS_ID, email: 'laptop@example.com'}], decryption: 'none'}, streamSettings: {security: 'tls', tlsSettings: LAB_CERT}}],
        outbounds: [{protocol: 'freedom', tag: 'server-out'}],
      }},
      client: 'v5-server-spec',
    },
    ports: [443, 1080],
    async check(lab) {
      await throughServer(lab, {serverLog: /accepted tcp:example\.com:80 .*email: (?<user>\S+)/});
    },
  },
  {
    name: 'v5-wireguard-client',
    proves: {
      zh: '本机 SOCKS 的连接经 WireGuard 隧道（本端 {local}）到达 {peer} 的对端（wireguard-go，持有示例中服务器公钥对应的私钥），从隧道出来后到达目标，目标看到的来源是 {local}。',
      en: 'connections to the local SOCKS port go through the WireGuard tunnel (this end {local}) to the peer at {peer} (wireguard-go, holding the private key of the example\'s server public key), leave the tunnel there and reach their destination, which sees them come from {local}.',
    },
    run: {client: 'v5-wireguard-client'},
    ports: [1080],
    async check(lab) {
      const bin = process.env.WGPEER_BIN;
      lab.expect(bin, 'no WireGuard peer: tests/toolkit/wgpeer is built with Go before the lab enters its namespace (or give WGPEER_BIN)');
      const ip = (/** @type {string[]} */ a) => execFileSync('ip', a, {encoding: 'utf8'});
      // the server's key pair: the page's publicKey is this key's public half; the peer allows the page's 10.8.0.2
      const peer = spawn(/** @type {string} */ (bin), ['-name', 'wglab0', '-listen', '51820',
        '-private', Buffer.from(WG_SERVER_PRIVATE, 'base64').toString('hex'),
        '-peer', Buffer.from(WG_CLIENT_PUBLIC, 'base64').toString('hex'), '-allowed', '10.8.0.2/32'], {stdio: ['ignore', 'pipe', 'pipe']});
      lab.children.add(peer);
      /** @type {string[]} */
      const seen = [];
      peer.stdout?.on('data', (d) => seen.push(String(d)));
      peer.stderr?.on('data', (d) => seen.push(String(d)));
      try {
        await lab.waitFor(() => seen.join('').includes('wgpeer: started'), 'the WireGuard peer started', 10_000)
          .catch((e) => { throw new Error(`${e.message}:\n${seen.join('')}`); });
        ip(['addr', 'add', '10.8.0.1/24', 'dev', 'wglab0']);
        ip(['link', 'set', 'wglab0', 'up']);
        const r = await lab.fetch(lab.socks(1080), TARGET.url);
        lab.expect(r.reached === TARGET.reached, `reached ${r.reached}`);
        lab.expect(r.from === '10.8.0.2', `the stand-in should see the tunnel address 10.8.0.2 as the source, saw ${r.from}`, {local: String(r.from)});
        const text = JSON.stringify(lab.source('client'));
        lab.saw({peer: String(/"endpoint":"([^"]+)"/.exec(text)?.[1])});
        const rx = Number(/RX:[^\n]*\n\s*(\d+)/.exec(ip(['-s', 'link', 'show', 'wglab0']))?.[1] ?? 0);
        lab.expect(rx > 32 * 1024, `the peer's device should have received the 32 KiB sent, received ${rx} bytes`);
      } finally {
        peer.kill('SIGKILL');
        lab.children.delete(peer);
      }
    },
  },
];
