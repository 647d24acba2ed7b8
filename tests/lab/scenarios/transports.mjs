// /config/transport/*, /config/transport, /developer/protocols: transport examples as pairs; a
// server shown alone gets the matching client written here.
import {execFileSync} from 'node:child_process';
import {statSync} from 'node:fs';
import {join} from 'node:path';
import {certificateFor, shared, throughServer, udpThroughServer, vmessClient, vmessServer, wsTlsServerSeen} from '../kit.mjs';

/** @type {import('../run.mjs').Scenario[]} */
export default [
  {
    name: 'websocket-tls-pair',
    proves: {
      zh: '客户端经 VMess over WebSocket + TLS 连上服务器，数据双向完整到达；服务器的证书按 {serverName} 验证通过，它只升级路径 {path} 的 WebSocket 请求，别的路径一律拒绝，所以客户端走的就是这个路径。',
      en: 'the client reaches the server over VMess on WebSocket and TLS, data intact both ways; the server\'s certificate is verified for {serverName}, and it upgrades WebSocket requests for the path {path} only, refusing any other, so that is the path the client took.',
    },
    run: {server: 'ws-server', client: 'ws-client'},
    ports: [443, 1080],
    async check(lab) {
      await throughServer(lab);
      await lab.errorLine('server', /listening TCP\(for WS\)/, 'the server listening for WebSocket');
      await lab.errorLine('client', /transport\/internet\/websocket: creating connection/, 'the client dialling over WebSocket');
      await wsTlsServerSeen(lab, {port: 443});
    },
  },
  {
    name: 'h2-tls-pair',
    proves: {
      zh: '客户端经 VMess over HTTP/2（路径 {path}，Host {host}）+ TLS 连上服务器，证书按 {serverName} 验证，数据双向完整到达。',
      en: 'the client reaches the server over VMess on HTTP/2 (path {path}, host {host}) and TLS, the certificate verified for {serverName}, and data arrives intact both ways.',
    },
    run: {server: 'h2-server', client: 'h2-client'},
    ports: [443, 1080],
    async check(lab) {
      await throughServer(lab);
      shared(lab, 'path', ['server', (c) => c.inbounds[0].streamSettings.httpSettings.path], ['client', (c) => c.outbounds[0].streamSettings.httpSettings.path]);
      shared(lab, 'host', ['server', (c) => c.inbounds[0].streamSettings.httpSettings.host], ['client', (c) => c.outbounds[0].streamSettings.httpSettings.host]);
      await certificateFor(lab, {port: 443});
    },
  },
  {
    name: 'quic-pair',
    proves: {
      zh: '客户端经 VMess over QUIC（两端都是 {security} 加密、相同的密钥）连上服务器，数据双向完整到达。',
      en: 'the client reaches the server over VMess on QUIC ({security} with the same key on both ends), and data arrives intact both ways.',
    },
    run: {server: 'quic-server', client: 'quic-client'},
    ports: [8443, 1080],
    async check(lab) {
      await throughServer(lab);
      shared(lab, 'security', ['server', (c) => c.inbounds[0].streamSettings.quicSettings.security], ['client', (c) => c.outbounds[0].streamSettings.quicSettings.security]);
      shared(lab, 'key', ['server', (c) => c.inbounds[0].streamSettings.quicSettings.key], ['client', (c) => c.outbounds[0].streamSettings.quicSettings.key]);
    },
  },
  {
    name: 'mkcp-pair',
    proves: {
      zh: '客户端经 VMess over mKCP（两端都是 {header} 伪装、相同的 seed）连上服务器，数据双向完整到达。',
      en: 'the client reaches the server over VMess on mKCP ({header} header and the same seed on both ends), and data arrives intact both ways.',
    },
    run: {server: 'mkcp-server', client: 'mkcp-client'},
    ports: [8530, 1080],
    async check(lab) {
      await throughServer(lab);
      shared(lab, 'header', ['server', (c) => c.inbounds[0].streamSettings.kcpSettings.header.type], ['client', (c) => c.outbounds[0].streamSettings.kcpSettings.header.type]);
      shared(lab, 'seed', ['server', (c) => c.inbounds[0].streamSettings.kcpSettings.seed], ['client', (c) => c.outbounds[0].streamSettings.kcpSettings.seed]);
    },
  },
  {
    name: 'tcp-http-header-pair',
    proves: {
      zh: '客户端经带 {header} 伪装头的 TCP 连上服务器，数据双向完整到达。',
      en: 'the client reaches the server over TCP with the {header} header disguise, and data arrives intact both ways.',
    },
    run: {server: 'tcp-http-server', client: 'tcp-http-client'},
    ports: [8443, 1080],
    async check(lab) {
      await throughServer(lab);
      shared(lab, 'header', ['server', (c) => c.inbounds[0].streamSettings.tcpSettings.header.type.toUpperCase()], ['client', (c) => c.outbounds[0].streamSettings.tcpSettings.header.type.toUpperCase()]);
    },
  },
  {
    name: 'domainsocket-pair',
    proves: {
      zh: '客户端经 Unix 域套接字（而不是 TCP 端口）把 VMess 连接交给服务器，数据双向完整到达。',
      en: 'the client hands the VMess connection to the server over a Unix domain socket (not a TCP port), and data arrives intact both ways.',
    },
    run: {server: 'ds-server', client: 'ds-client'},
    ports: [1080],
    replace: {'/run/v2ray/vmess.sock': '{DIR}/vmess.sock'},
    async check(lab) {
      await throughServer(lab);
      lab.expect(statSync(join(lab.dir, 'vmess.sock')).isSocket(), 'the server should listen on the socket file');
    },
  },
  {
    name: 'transport-ws-tls-server',
    proves: {
      zh: '这台服务器接受 VMess over WebSocket + TLS 的连接（客户端由测试编写），数据双向完整到达；它的证书按 {serverName} 验证通过，只升级路径 {path} 的 WebSocket 请求。',
      en: 'this server accepts VMess on WebSocket and TLS (the client is written by the test), and data arrives intact both ways; its certificate is verified for {serverName}, and it upgrades WebSocket requests for the path {path} only.',
    },
    run: {
      server: 'transport-ws-tls-server',
      client: {inline: vmessClient({id: '66af4df0-a5fe-4845-a902-b05b44dcdf77', address: 'v2.example.com', port: 443,
        stream: {network: 'ws', security: 'tls', tlsSettings: {serverName: 'v2.example.com'}, wsSettings: {path: '/ray'}}})},
    },
    ports: [443, 1080],
    async check(lab) {
      await throughServer(lab);
      await wsTlsServerSeen(lab, {port: 443});
    },
  },
  {
    name: 'transport-global',
    proves: {
      zh: '顶层 transport 的 wsSettings 对入站生效：只写了 network 为 {network} 的服务器，在顶层给出的路径 {path} 上接受客户端的 WebSocket 连接。',
      en: 'the top-level transport\'s wsSettings apply to the inbound: the server that only sets network to {network} accepts the client\'s WebSocket on the path {path} given at the top level.',
    },
    run: {
      server: 'transport-global',
      client: {inline: vmessClient({id: '66af4df0-a5fe-4845-a902-b05b44dcdf77', address: 'proxy.example.com', port: 10086,
        stream: {network: 'ws', wsSettings: {path: '/ray'}}})},
    },
    ports: [10086, 1080],
    async check(lab) {
      await throughServer(lab);
      await lab.errorLine('server', /listening TCP\(for WS\)/, 'the server listening for WebSocket');
      lab.saw({network: lab.source('server').inbounds[0].streamSettings.network});
      shared(lab, 'path', ['server', (c) => c.transport.wsSettings.path], ['client', (c) => c.outbounds[0].streamSettings.wsSettings.path]);
    },
  },
  {
    name: 'developer-mkcp-server',
    proves: {
      zh: '这台 mKCP 服务器接受同样 seed 和 {header} 伪装的客户端（由测试编写），数据双向完整到达。',
      en: 'this mKCP server accepts a client with the same seed and {header} header (written by the test), and data arrives intact both ways.',
    },
    run: {
      server: 'dev-mkcp-server',
      client: {inline: vmessClient({id: '66af4df0-a5fe-4845-a902-b05b44dcdf77', address: 'proxy.example.com', port: 10086,
        stream: {network: 'kcp', kcpSettings: {header: {type: 'wechat-video'}, seed: 'choose-a-long-random-string'}}})},
    },
    ports: [10086, 1080],
    async check(lab) {
      await throughServer(lab);
      shared(lab, 'header', ['server', (c) => c.inbounds[0].streamSettings.kcpSettings.header.type], ['client', (c) => c.outbounds[0].streamSettings.kcpSettings.header.type]);
      shared(lab, 'seed', ['server', (c) => c.inbounds[0].streamSettings.kcpSettings.seed], ['client', (c) => c.outbounds[0].streamSettings.kcpSettings.seed]);
    },
  },
  {
    name: 'developer-mux-client',
    proves: {
      zh: '开启 Mux.Cool 的客户端把 {count} 个同时的连接交给一台普通 VMess 服务器（由测试编写），服务器收到的是 Mux 连接，{count} 个请求都完整往返。',
      en: 'the client with Mux.Cool hands {count} simultaneous connections to a plain VMess server (written by the test); the server receives a Mux connection and all {count} requests go both ways intact.',
    },
    run: {
      server: {inline: vmessServer({id: '66af4df0-a5fe-4845-a902-b05b44dcdf77', port: 10086})},
      client: 'mux-client',
    },
    ports: [10086, 1080],
    async check(lab) {
      const results = await Promise.all([1, 2, 3, 4].map(() => lab.fetch(lab.socks(1080), 'http://example.com/')));
      lab.expect(results.every((r) => r.reached === '93.184.216.34:80'), 'every request should reach example.com', {count: results.length});
      await lab.waitFor(() => /mux\.cool/.test(lab.errors('server') + lab.access('server')), 'the server log shows a Mux.Cool connection', 5_000);
    },
  },
  {
    name: 'developer-vmess-client',
    proves: {
      zh: '用 {security}、alterId {alterId}（AEAD 请求头）的客户端连上一台普通 VMess 服务器（由测试编写），数据双向完整到达。',
      en: 'the client with {security} and alterId {alterId} (the AEAD header) reaches a plain VMess server (written by the test), and data arrives intact both ways.',
    },
    run: {
      server: {inline: vmessServer({id: '66af4df0-a5fe-4845-a902-b05b44dcdf77', port: 10086})},
      client: 'dev-vmess-client',
    },
    ports: [10086, 1080],
    async check(lab) {
      await throughServer(lab);
      const user = lab.source('client').outbounds[0].settings.vnext[0].users[0];
      // alterId 0 is the AEAD header, the only one a v5 server accepts by default: the server's log has no legacy-header warning
      lab.expect((user.alterId ?? 0) === 0 && !/legacy|alterId/i.test(lab.errors('server')), `the AEAD header: ${JSON.stringify(user)}`, {security: user.security, alterId: user.alterId ?? 0});
    },
  },
  {
    name: 'grpc-tls-pair',
    proves: {
      zh: '客户端经 VLESS over gRPC（服务名 {serviceName}）+ TLS 连上服务器，证书按 {serverName} 验证，数据双向完整到达，Socks 的 UDP 数据报也经服务器往返。',
      en: 'the client reaches the server over VLESS on gRPC (service name {serviceName}) and TLS, the certificate verified for {serverName}, and data arrives intact both ways, a Socks UDP datagram too.',
    },
    run: {server: 'grpc-server', client: 'grpc-client'},
    ports: [443, 1080],
    async check(lab) {
      await throughServer(lab);
      await udpThroughServer(lab);
      await lab.waitFor(() => /transport\/internet\/grpc: creating connection to tcp:proxy\.example\.com:/.test(lab.errors('client')),
        'the client log shows the gRPC transport dialling proxy.example.com', 5_000);
      shared(lab, 'serviceName', ['server', (c) => c.inbounds[0].streamSettings.grpcSettings.serviceName], ['client', (c) => c.outbounds[0].streamSettings.grpcSettings.serviceName]);
      await certificateFor(lab, {port: 443});
    },
  },
  {
    name: 'hy2-transport-pair',
    proves: {
      zh: '客户端经 Hysteria2（UDP 上的 QUIC + TLS，密码一致）连上服务器，数据双向完整到达；开启 use_udp_extension 后，Socks 的 UDP 数据报也经服务器往返。',
      en: 'the client reaches the server over Hysteria2 (QUIC on UDP with TLS, the same password) and data arrives intact both ways; with use_udp_extension on, a Socks UDP datagram makes the round trip through the server too.',
    },
    run: {server: 'hy2-transport-server', client: 'hy2-transport-client'},
    ports: [443, 1080],
    async check(lab) {
      await throughServer(lab);
      await udpThroughServer(lab);
    },
  },
  {
    name: 'tproxy-mark',
    exclusive: true, // its firewall rule takes every connection to 192.0.2.10 while it runs
    proves: {
      zh: '用 nftables 的 TPROXY 规则把发往 {target} 的 TCP（{tcpPort} 端口）和 UDP（{udpPort} 端口）交给 {tproxyPort} 端口后，透明代理入站按原目标地址接收，直连出站把连接送到 {target}，数据双向完整到达；出站连接带标记 {mark}，被规则里放行标记 {mark} 的一条排除，没有再被送回 V2Ray。',
      en: 'with an nftables TPROXY rule handing TCP (port {tcpPort}) and UDP (port {udpPort}) for {target} to port {tproxyPort}, the transparent inbound takes them with their original destination and the direct outbound delivers them to {target}, data intact both ways; the outbound\'s connections carry mark {mark}, which the rule lets through, so they are not sent back to V2Ray.',
    },
    run: {config: 'tproxy-mark'},
    ports: [12345],
    async check(lab) {
      const nft = (/** @type {string} */ script) => execFileSync('nft', ['-f', '-'], {input: script, timeout: 5_000, stdio: ['pipe', 'ignore', 'pipe']});
      const port = lab.port(12345);
      const mark = lab.source('config').outbounds.find((/** @type {any} */ o) => o.streamSettings?.sockopt?.mark)?.streamSettings.sockopt.mark;
      nft(`table ip lab_tproxy {
        chain pre {
          type filter hook prerouting priority mangle; policy accept;
          meta mark ${mark} return
          ip daddr 192.0.2.10 tcp dport 80 tproxy to 127.0.0.1:${port} meta mark set 1 accept
          ip daddr 192.0.2.10 udp dport 7 tproxy to 127.0.0.1:${port} meta mark set 1 accept
        }
      }`);
      try {
        const r = await lab.fetch({plain: 80, host: '192.0.2.10'}, 'http://192.0.2.10/');
        lab.expect(r.reached === '192.0.2.10:80', `the connection should reach 192.0.2.10:80, reached ${r.reached}`);
        await lab.accessLine('config', /accepted tcp:(?<target>192\.0\.2\.10):(?<tcpPort>80) \[direct\]/, 'the TPROXY inbound took the connection for 192.0.2.10:80');
        const reply = await udpExchange('192.0.2.10', 7, Buffer.from('tproxy-udp'));
        lab.expect(String(reply) === 'reached 192.0.2.10:7\ntproxy-udp', `the UDP echo through TPROXY answered ${JSON.stringify(String(reply))}`);
        await lab.accessLine('config', /accepted udp:(?<target>192\.0\.2\.10):(?<udpPort>7) \[direct\]/, 'the TPROXY inbound took the UDP datagram');
        lab.saw({tproxyPort: 12345, mark});
      } finally {
        try { execFileSync('nft', ['delete', 'table', 'ip', 'lab_tproxy'], {timeout: 5_000}); } catch { /* not added */ }
      }
    },
  },
];

/**
 * One UDP datagram straight to host:port (no proxy) and the first answer; 5 s at most.
 * @param {string} host @param {number} port @param {Buffer} payload @returns {Promise<Buffer>}
 */
async function udpExchange(host, port, payload) {
  const {createSocket} = await import('node:dgram');
  const sock = createSocket('udp4');
  try {
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`UDP to ${host}:${port}: no answer in 5 s`)), 5_000);
      sock.on('message', (m) => { clearTimeout(timer); resolve(m); });
      sock.on('error', (e) => { clearTimeout(timer); reject(e); });
      sock.send(payload, port, host);
    });
  } finally { sock.close(); }
}
