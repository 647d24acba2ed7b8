// /config/protocols/vmess: the server and client examples as a pair.
import {udpThroughServer} from '../kit.mjs';

/** @type {import('../run.mjs').Scenario} */
export default {
  name: 'vmess-tcp',
  proves: {
    zh: '客户端经 VMess（TCP）连上服务器，数据双向完整到达，Socks 的 UDP 数据报也经服务器往返；服务器记下用户 {user}，用 Freedom 连往目标。',
    en: 'the client reaches the server over VMess on TCP and data arrives intact both ways, a Socks UDP datagram too; the server logs the user {user} and reaches the destination through Freedom.',
  },
  run: {server: 'vmess-server', client: 'vmess-client'},
  ports: [10086, 1080],
  async check(lab) {
    const r = await lab.fetch(lab.socks(1080), 'http://example.com/');
    lab.expect(r.reached === '93.184.216.34:80', `example.com should be reached at 93.184.216.34:80, got ${r.reached}`);
    await lab.accessLine('client', /accepted tcp:example\.com:80 \[proxy\]/, 'example.com sent to proxy');
    await lab.accessLine('server', /accepted tcp:example\.com:80 \[direct\] email: (?<user>\S+)/, 'example.com for the user via direct');
    await lab.errorLine('server', /proxy\/freedom: opening connection to tcp:example\.com:80/, 'Freedom dialling example.com');
    await udpThroughServer(lab, {serverLog: /accepted udp:example\.com:7 \[direct\] email: (?<user>\S+)/});
  },
};
