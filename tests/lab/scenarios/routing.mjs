// /config/routing: the typical client; its proxy is a VMess over WebSocket and TLS server written here.
/** A minimal server for the example's "proxy" outbound (same id, path and port). */
const server = {
  inbounds: [{
    port: 443, protocol: 'vmess',
    settings: {clients: [{id: '8e50d5ae-397d-49b0-9964-1fc852b673fb'}]},
    streamSettings: {network: 'ws', security: 'tls', wsSettings: {path: '/ray'},
      tlsSettings: {certificates: [{certificateFile: 'lab.crt', keyFile: 'lab.key'}]}},
  }],
  outbounds: [{protocol: 'freedom', tag: 'server-out'}],
};

/** @type {import('../run.mjs').Scenario} */
export default {
  name: 'routing-client',
  proves: {
    zh: '{proxied} 经 VMess（WebSocket + TLS）走代理；{direct} 直连；广告域名 {blocked} 被丢弃。',
    en: '{proxied} go through the proxy over VMess on WebSocket and TLS; {direct} go direct; the ad domain {blocked} is dropped.',
  },
  run: {server: {inline: server}, client: 'routing-client'},
  ports: [443, 1080],
  async check(lab) {
    const proxy = lab.socks(1080);
    const routes = [
      ['http://example.com/', 'proxy', '93.184.216.34'],
      ['https://github.com/', 'proxy', '140.82.112.3'],
      ['http://baidu.com/', 'direct', '110.242.68.66'],
      ['http://example.cn/', 'direct', '110.242.68.80'],
      ['http://intranet.example.com/', 'direct', '10.1.2.3'],
      ['http://110.242.68.66/', 'direct', '110.242.68.66'],
      ['http://10.1.2.3/', 'direct', '10.1.2.3'],
      ['http://192.0.2.10/', 'direct', '192.0.2.10'],
    ];
    for (const [url, outbound, address] of routes) {
      const u = new URL(/** @type {string} */ (url));
      const r = await lab.fetch(proxy, u.href);
      lab.expect(r.reached.startsWith(`${address}:`), `${url} should reach ${address}, reached ${r.reached}`);
      const port = u.port || (u.protocol === 'https:' ? '443' : '80');
      const target = `tcp:${u.hostname.replace(/\./g, '\\.')}:${port}`;
      await lab.accessLine('client', new RegExp(`accepted ${target} \\[${outbound}\\]`), `${url} sent to ${outbound}`);
      const viaServer = new RegExp(`accepted ${target}`).test(lab.access('server'));
      lab.expect(viaServer === (outbound === 'proxy'), `${url}: the proxy server ${viaServer ? 'saw' : 'did not see'} it`, {[outbound === 'proxy' ? 'proxied' : 'direct']: u.hostname});
    }
    const error = await lab.fetchFails(proxy, 'http://ad.doubleclick.net/');
    lab.expect(error, 'ad.doubleclick.net should fail');
    await lab.accessLine('client', /accepted tcp:ad\.doubleclick\.net:80 \[block\]/, 'the ad domain sent to block');
    lab.expect(!lab.standins().some((e) => e.host === 'ad.doubleclick.net'), 'no stand-in may see ad.doubleclick.net', {blocked: 'ad.doubleclick.net'});
  },
};
