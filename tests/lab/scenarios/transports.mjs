// /config/transport/*, /config/transport, /developer/protocols: transport examples as pairs; a
// server shown alone gets the matching client written here.
import {execFileSync} from 'node:child_process';
import {statSync} from 'node:fs';
import {join} from 'node:path';
import {throughServer, udpThroughServer, vmessClient, vmessServer, wsTlsServerSeen} from '../kit.mjs';

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
      zh: '客户端经 VMess over HTTP/2（路径 /h2-5b9e，Host proxy.example.com）+ TLS 连上服务器，数据双向完整到达。',
      en: 'the client reaches the server over VMess on HTTP/2 (path /h2-5b9e, host proxy.example.com) and TLS, and data arrives intact both ways.',
    },
    run: {server: 'h2-server', client: 'h2-client'},
    ports: [443, 1080],
    async check(lab) { await throughServer(lab); },
  },
  {
    name: 'quic-pair',
    proves: {
      zh: '客户端经 VMess over QUIC（chacha20-poly1305 加密，密钥一致）连上服务器，数据双向完整到达。',
      en: 'the client reaches the server over VMess on QUIC (chacha20-poly1305 with the same key), and data arrives intact both ways.',
    },
    run: {server: 'quic-server', client: 'quic-client'},
    ports: [8443, 1080],
    async check(lab) { await throughServer(lab); },
  },
  {
    name: 'mkcp-pair',
    proves: {
      zh: '客户端经 VMess over mKCP（wechat-video 伪装、相同的 seed）连上服务器，数据双向完整到达。',
      en: 'the client reaches the server over VMess on mKCP (wechat-video header, the same seed), and data arrives intact both ways.',
    },
    run: {server: 'mkcp-server', client: 'mkcp-client'},
    ports: [8530, 1080],
    async check(lab) { await throughServer(lab); },
  },
  {
    name: 'tcp-http-header-pair',
    proves: {
      zh: '客户端经带 HTTP 伪装头的 TCP 连上服务器，数据双向完整到达。',
      en: 'the client reaches the server over TCP with the HTTP header disguise, and data arrives intact both ways.',
    },
    run: {server: 'tcp-http-server', client: 'tcp-http-client'},
    ports: [8443, 1080],
    async check(lab) { await throughServer(lab); },
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
      zh: '这台服务器接受 VMess over WebSocket（路径 /ray）+ TLS 的连接（客户端由测试编写，按 v2.example.com 验证证书），数据双向完整到达。',
      en: 'this server accepts VMess on WebSocket (path /ray) and TLS (the client is written by the test and verifies the certificate for v2.example.com), and data arrives intact both ways.',
    },
    run: {
      server: 'transport-ws-tls-server',
      client: {inline: vmessClient({id: '66af4df0-a5fe-4845-a902-b05b44dcdf77', address: 'v2.example.com', port: 443,
        stream: {network: 'ws', security: 'tls', tlsSettings: {serverName: 'v2.example.com'}, wsSettings: {path: '/ray'}}})},
    },
    ports: [443, 1080],
    async check(lab) { await throughServer(lab); },
  },
  {
    name: 'transport-global',
    proves: {
      zh: '顶层 transport 的 wsSettings 对入站生效：只写 "network": "ws" 的服务器在路径 /ray 上接受客户端的 WebSocket 连接。',
      en: 'the top-level transport\'s wsSettings apply to the inbound: the server that only says "network": "ws" accepts the client\'s WebSocket on path /ray.',
    },
    run: {
      server: 'transport-global',
      client: {inline: vmessClient({id: '66af4df0-a5fe-4845-a902-b05b44dcdf77', address: 'proxy.example.com', port: 10086,
        stream: {network: 'ws', wsSettings: {path: '/ray'}}})},
    },
    ports: [10086, 1080],
    async check(lab) { await throughServer(lab); },
  },
  {
    name: 'developer-mkcp-server',
    proves: {
      zh: '这台 mKCP 服务器接受同样 seed 和 wechat-video 伪装的客户端（由测试编写），数据双向完整到达。',
      en: 'this mKCP server accepts a client with the same seed and wechat-video header (written by the test), and data arrives intact both ways.',
    },
    run: {
      server: 'dev-mkcp-server',
      client: {inline: vmessClient({id: '66af4df0-a5fe-4845-a902-b05b44dcdf77', address: 'proxy.example.com', port: 10086,
        stream: {network: 'kcp', kcpSettings: {header: {type: 'wechat-video'}, seed: 'choose-a-long-random-string'}}})},
    },
    ports: [10086, 1080],
    async check(lab) { await throughServer(lab); },
  },
  {
    name: 'developer-mux-client',
    proves: {
      zh: '开启 Mux.Cool 的客户端把 4 个同时的连接交给一台普通 VMess 服务器（由测试编写），服务器收到的是 Mux 连接，4 个请求都完整往返。',
      en: 'the client with Mux.Cool hands 4 simultaneous connections to a plain VMess server (written by the test); the server receives a Mux connection and all 4 requests go both ways intact.',
    },
    run: {
      server: {inline: vmessServer({id: '66af4df0-a5fe-4845-a902-b05b44dcdf77', port: 10086})},
      client: 'mux-client',
    },
    ports: [10086, 1080],
    async check(lab) {
      const results = await Promise.all([1, 2, 3, 4].map(() => lab.fetch(lab.socks(1080), 'http://example.com/')));
      lab.expect(results.every((r) => r.reached === '93.184.216.34:80'), 'every request should reach example.com');
      await lab.waitFor(() => /mux\.cool/.test(lab.errors('server') + lab.access('server')), 'the server log shows a Mux.Cool connection', 5_000);
    },
  },
  {
    name: 'developer-vmess-client',
    proves: {
      zh: '用 aes-128-gcm、alterId 0（AEAD 请求头）的客户端连上一台普通 VMess 服务器（由测试编写），数据双向完整到达。',
      en: 'the client with aes-128-gcm and alterId 0 (the AEAD header) reaches a plain VMess server (written by the test), and data arrives intact both ways.',
    },
    run: {
      server: {inline: vmessServer({id: '66af4df0-a5fe-4845-a902-b05b44dcdf77', port: 10086})},
      client: 'dev-vmess-client',
    },
    ports: [10086, 1080],
    async check(lab) { await throughServer(lab); },
  },
  {
    name: 'grpc-tls-pair',
    proves: {
      zh: '客户端经 VLESS over gRPC（服务名 tunnel.v1.Relay）+ TLS 连上服务器，证书按 proxy.example.com 验证，数据双向完整到达，Socks 的 UDP 数据报也经服务器往返。',
      en: 'the client reaches the server over VLESS on gRPC (service name tunnel.v1.Relay) and TLS, the certificate verified for proxy.example.com, and data arrives intact both ways, a Socks UDP datagram too.',
    },
    run: {server: 'grpc-server', client: 'grpc-client'},
    ports: [443, 1080],
    async check(lab) {
      await throughServer(lab);
      await udpThroughServer(lab);
      await lab.waitFor(() => /transport\/internet\/grpc: creating connection to tcp:proxy\.example\.com:/.test(lab.errors('client')),
        'the client log shows the gRPC transport dialling proxy.example.com', 5_000);
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
      zh: '用 nftables 的 TPROXY 规则把发往 192.0.2.10 的 TCP（80 端口）和 UDP（7 端口）交给 12345 端口后，透明代理入站按原目标地址接收，直连出站把连接送到 192.0.2.10，数据双向完整到达；出站连接带标记 255，被规则里的「标记 255 放行」排除，没有再被送回 V2Ray。',
      en: 'with an nftables TPROXY rule handing TCP (port 80) and UDP (port 7) for 192.0.2.10 to port 12345, the transparent inbound takes them with their original destination and the direct outbound delivers them to 192.0.2.10, data intact both ways; the outbound\'s connections carry mark 255, which the rule lets through, so they are not sent back to V2Ray.',
    },
    run: {config: 'tproxy-mark'},
    ports: [12345],
    async check(lab) {
      const nft = (/** @type {string} */ script) => execFileSync('nft', ['-f', '-'], {input: script, timeout: 5_000, stdio: ['pipe', 'ignore', 'pipe']});
      const port = lab.port(12345);
      nft(`table ip lab_tproxy {
        chain pre {
          type filter hook prerouting priority mangle; policy accept;
          meta mark 255 return
          ip daddr 192.0.2.10 tcp dport 80 tproxy to 127.0.0.1:${port} meta mark set 1 accept
          ip daddr 192.0.2.10 udp dport 7 tproxy to 127.0.0.1:${port} meta mark set 1 accept
        }
      }`);
      try {
        const r = await lab.fetch({plain: 80, host: '192.0.2.10'}, 'http://192.0.2.10/');
        lab.expect(r.reached === '192.0.2.10:80', `the connection should reach 192.0.2.10:80, reached ${r.reached}`);
        await lab.accessLine('config', /accepted tcp:192\.0\.2\.10:80 \[direct\]/, 'the TPROXY inbound took the connection for 192.0.2.10:80');
        const reply = await udpExchange('192.0.2.10', 7, Buffer.from('tproxy-udp'));
        lab.expect(String(reply) === 'reached 192.0.2.10:7\ntproxy-udp', `the UDP echo through TPROXY answered ${JSON.stringify(String(reply))}`);
        await lab.accessLine('config', /accepted udp:192\.0\.2\.10:7 \[direct\]/, 'the TPROXY inbound took the UDP datagram');
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
