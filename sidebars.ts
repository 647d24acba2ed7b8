import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {category} from './config/sidebarCategory';

/**
 * One sidebar per path prefix (depth 2). Labels are Chinese; English in
 * i18n/en/docusaurus-plugin-content-docs/current.json. Doc labels are the pages' titles.
 */

const sidebars: SidebarsConfig = {
  guideSidebar: [
    category('指南', ['guide/install', 'guide/start', 'guide/workflow', 'guide/command', 'guide/faq', 'guide/help'], 'guide'),
  ],
  configSidebar: [
    category('通用配置', [
      'config/overview', 'config/env', 'config/dns', 'config/routing', 'config/policy', 'config/inbounds',
      'config/outbounds', 'config/transport', 'config/api', 'config/stats', 'config/reverse',
      'config/multiple_config', 'config/fakedns', 'config/browserforwarder', 'config/observatory', 'config/service',
    ], 'config-general'),
    category('协议', [
      'blackhole', 'dns', 'dokodemo', 'freedom', 'http', 'socks', 'vmess', 'shadowsocks', 'trojan', 'vless',
      'loopback', 'hy2',
    ].map((p) => `config/protocols/${p}`), 'config-protocols'),
    category('传输方式', ['tcp', 'mkcp', 'websocket', 'h2', 'quic', 'domainsocket', 'grpc', 'hy2']
      .map((p) => `config/transport/${p}`), 'config-transports'),
    category('服务', ['stats', 'policy', 'browser', 'burstObservatory', 'backgroundObservatory', 'tun', 'subscription']
      .map((p) => `config/service/${p}`), 'config-services'),
  ],
  developerSidebar: [
    category('开发指南', ['compile', 'design', 'guide', 'releasearchive', 'releasesigning']
      .map((p) => `developer/intro/${p}`), 'developer-intro'),
    category('协议详解', ['vmess', 'mkcp', 'muxcool'].map((p) => `developer/protocols/${p}`), 'developer-protocols'),
  ],
  awesomeSidebar: [category('工具', ['awesome/tools', 'awesome/config-checker'], 'awesome')],
};

export default sidebars;
