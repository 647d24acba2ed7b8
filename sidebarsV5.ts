import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {category} from './config/sidebarCategory';

/** The v5 branch (docs instance `v5`); English in i18n/en/docusaurus-plugin-content-docs-v5/current.json. */

const sidebars: SidebarsConfig = {
  v5Sidebar: [
    category('概览与配置段', [
      'overview', 'inbound', 'outbound', 'proxy', 'stream', 'service', 'dns', 'router', 'geo',
      'protocol/server_spec', 'protocol/user',
    ].map((p) => `config/${p}`), 'v5-sections'),
    category('代理协议', [
      'blackhole', 'dns', 'dokodemo', 'freedom', 'http', 'socks', 'vmess', 'vlite', 'shadowsocks',
      'shadowsocks2022', 'trojan', 'hy2', 'vless', 'loopback', 'wireguard',
    ].map((p) => `config/proxy/${p}`), 'v5-proxy'),
    category('传输协议', [
      'tcp', 'websocket', 'kcp', 'grpc', 'quic', 'meek', 'httpupgrade', 'hy2', 'mekya', 'tlsmirror', 'h2',
      'domainsocket', 'dtls', 'request', 'gdocsviewer', 'rrpit',
    ].map((p) => `config/stream/${p}`), 'v5-stream'),
    category('服务', [
      'stats', 'policy', 'browser', 'burstObservatory', 'backgroundObservatory', 'filesystemstorage',
      'subscription', 'tun',
    ].map((p) => `config/service/${p}`), 'v5-services'),
  ],
};

export default sidebars;
