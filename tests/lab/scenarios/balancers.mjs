// Load balancers with connection observation (/config/routing, /config/observatory,
// /config/service/backgroundObservatory, /config/service/burstObservatory). Each example's proxy
// servers are written here, on the example's own addresses (the world gives every name its own
// loopback address, so two servers share a port); probes reach the web stand-ins through them.
import {TARGET, vmessServer} from '../kit.mjs';
import {HOSTS} from '../../toolkit/world.mjs';

const ID_AB = '8e50d5ae-397d-49b0-9964-1fc852b673fb';
const ID_CITIES = '2f6a1d84-b03c-4e97-8a15-c4d7e92b60f3';
const ID_BURST = '66af4df0-a5fe-4845-a902-b05b44dcdf77';

/** A VMess server on a name's own address. @param {string} name @param {string} id @param {number} port @param {Record<string, unknown>} [stream] */
const serverOn = (name, id, port, stream) => ({inline: vmessServer({id, port, stream, listen: HOSTS[/** @type {keyof typeof HOSTS} */ (name)], tag: `${name.split('.')[0]}-out`})});

/**
 * Which of the servers carried a request for example.com (their access logs), after `fetch`.
 * @param {import('../run.mjs').LabContext} lab @param {string[]} servers
 */
const carriedBy = (lab, servers) => servers.filter((s) => /accepted tcp:example\.com:80/.test(lab.access(s)));

/**
 * How many requests for example.com the servers carried in all (their access logs).
 * @param {import('../run.mjs').LabContext} lab @param {string[]} servers
 */
const carriedCount = (lab, servers) => servers.reduce((n, s) => n + (lab.access(s).match(/accepted tcp:example\.com:80/g) ?? []).length, 0);

/**
 * The first request a fresh client routes through a leastLoad balancer, with no measurement yet:
 * the balancer logs that no outbound qualifies and the dispatcher takes the default route (the
 * first outbound). The burst observatory starts each probe at a random moment of its first round,
 * so now and then one answers before the request does; that run cannot show the claim, and the
 * next role (a fresh client on the same configuration) tries again. Returns the role that showed it.
 * @param {import('../run.mjs').LabContext} lab @param {string[]} roles @param {string[]} servers
 */
export async function unmeasuredFirstRequest(lab, roles, servers) {
  const routed = /(?:default route for |taking detour \[[^\]]+\] for \[)tcp:example\.com:80/;
  for (const [i, role] of roles.entries()) {
    if (i > 0) {
      await lab.stop(roles[i - 1]);
      await lab.start(role);
    }
    // Counted, not looked for: after a retry the earlier client's request is in the logs already.
    const before = carriedCount(lab, servers);
    const r = await lab.fetch(lab.socks(1080), TARGET.url);
    lab.expect(r.reached === TARGET.reached, `reached ${r.reached}`);
    await lab.waitFor(() => carriedCount(lab, servers) > before, `one of the proxies carried ${role}'s request`, 5_000);
    await lab.waitFor(() => routed.test(lab.errors(role)), `${role}'s error log shows how example.com was routed`, 5_000);
    if (/least load: no qualified outbound[^\n]*\n(?:[^\n]*\n)*?[^\n]*default route for tcp:example\.com:80/.test(lab.errors(role))) return role;
  }
  lab.expect(false, `in each of ${roles.length} fresh clients a measurement came before the first request`);
  return roles[0];
}

/** @type {import('../run.mjs').Scenario[]} */
export default [
  {
    name: 'balancer-least-ping',
    proves: {
      zh: '两台代理服务器都没运行时，观测结果里没有可用的出站，连接交给 fallbackTag 指定的 {fallback}；服务器运行后（由测试编写），后台观测先探测 {first}，它一应答，连接就经 {first}（VMess + TLS）送达。',
      en: 'while neither proxy server runs, the observation has no usable outbound and connections take fallbackTag, {fallback}; once the servers run (written by the test), the background observatory probes {first} first, and as soon as it answers connections go through {first} (VMess with TLS).',
    },
    run: {client: 'balancer-least-ping'},
    later: {
      a: serverOn('a.example.com', ID_AB, 443, {security: 'tls'}),
      b: serverOn('b.example.com', ID_AB, 443, {security: 'tls'}),
      client2: 'balancer-least-ping',
    },
    ports: [443, 1080],
    async check(lab) {
      const r = await lab.fetch(lab.socks(1080), TARGET.url);
      lab.expect(r.reached === TARGET.reached, `reached ${r.reached}`);
      await lab.accessLine('client', /accepted tcp:example\.com:80 \[(?<fallback>direct)\]/, 'example.com sent to the fallback, direct');
      lab.expect(lab.source('client').routing.balancers[0].fallbackTag === lab.seen.fallback, 'the fallback is the balancer\'s fallbackTag');
      await lab.stop('client');
      await lab.start('a');
      await lab.start('b');
      await lab.start('client2');
      await lab.waitFor(async () => {
        await lab.fetch(lab.socks(1080), TARGET.url, {bytes: 64});
        return carriedBy(lab, ['a']).length > 0;
      }, 'a request goes through proxy-a once its probe answers', 20_000);
      await lab.accessLine('client2', /accepted tcp:example\.com:80 \[(?<first>proxy-a)\]/, 'example.com sent to proxy-a');
      lab.expect(!carriedBy(lab, ['b']).length, 'proxy-b is not probed yet (1 min later) and must carry nothing');
    },
  },
  {
    name: 'background-observatory-least-ping',
    proves: {
      zh: '后台观测按标签顺序先探测 {first}（经它访问 {probeUrl}），探测一成功，名为 {balancer} 的均衡器就把连接交给 {first}；测试期间没有探测下一个出站（探测间隔 {interval}）。',
      en: 'the background observatory probes {first} first, in tag order ({probeUrl} through it); as soon as the probe succeeds, the balancer {balancer} sends connections through {first}; the next outbound was not probed while the test ran (the interval is {interval}).',
    },
    run: {
      tokyo: serverOn('tokyo.example.com', ID_CITIES, 10086),
      osaka: serverOn('osaka.example.com', ID_CITIES, 10086),
      client: 'background-observatory-least-ping',
    },
    ports: [10086, 1080],
    async check(lab) {
      await lab.waitFor(() => /accepted tcp:www\.google\.com:443/.test(lab.access('osaka')), 'the probe reaches www.google.com through proxy-osaka', 15_000);
      const cfg = lab.source('client');
      const obs = JSON.stringify(cfg).match(/"probeUrl":"([^"]+)"/)?.[1];
      const interval = JSON.stringify(cfg).match(/"probeInterval":"([^"]+)"/)?.[1];
      lab.expect(obs && new URL(obs).hostname === 'www.google.com', `the probe went to the configured URL ${obs}`, {probeUrl: String(obs), interval: {zh: `${Number(interval) / 1e9} 秒`, en: `${Number(interval) / 1e9} s`}});
      await lab.waitFor(async () => {
        await lab.fetch(lab.socks(1080), TARGET.url, {bytes: 64});
        return carriedBy(lab, ['osaka']).length > 0;
      }, 'a request goes through proxy-osaka', 15_000);
      await lab.accessLine('client', /accepted tcp:example\.com:80 \[(?<first>proxy-osaka)\]/, 'example.com sent to proxy-osaka');
      lab.saw({balancer: JSON.stringify(cfg).match(/"balancers?":\s*\[\s*\{[^}]*?"tag":"([^"]+)"/)?.[1] ?? cfg.router?.balancing_rule?.[0]?.tag ?? cfg.routing?.balancers?.[0]?.tag});
      lab.expect(!/www\.google\.com/.test(lab.access('tokyo')), 'proxy-tokyo is probed only 30 s later');
    },
  },
  {
    name: 'observatory-burst-least-load',
    proves: {
      zh: '突发观测和 {strategy} 均衡器正常运行：所有连接都经 {selector} 开头的三个出站之一（由测试编写的服务器）送达；观测结果出来之前，连接交给第一个出站 {first}。测试没有等待采样。',
      en: 'the burst observatory and the {strategy} balancer run: every connection goes through one of the three outbounds starting with {selector} (to servers written by the test); before the first measurements, connections take the first outbound, {first}. The test does not wait for the sampling.',
    },
    run: {
      tokyo: serverOn('tokyo.example.com', ID_BURST, 10086),
      sg: serverOn('sg.example.com', ID_BURST, 10086),
      fra: serverOn('fra.example.com', ID_BURST, 10086),
      client: 'observatory-burst-least-load',
    },
    ports: [10086, 1080],
    later: {client2: 'observatory-burst-least-load', client3: 'observatory-burst-least-load'},
    async check(lab) {
      const role = await unmeasuredFirstRequest(lab, ['client', 'client2', 'client3'], ['tokyo', 'sg', 'fra']);
      const balancer = lab.source('client').routing.balancers[0];
      lab.saw({strategy: balancer.strategy?.type ?? 'random', selector: balancer.selector[0]});
      await lab.accessLine(role, /accepted tcp:example\.com:80 \[(?<first>proxy-tokyo)\]/, 'example.com sent to the first outbound before any measurement');
    },
  },
  {
    name: 'burst-observatory-least-load',
    proves: {
      zh: '突发观测和 {strategy} 均衡器正常运行：连接经 {selector} 开头的出站（由测试编写的服务器）送达，从不直连；观测结果出来之前，连接交给第一个出站 {first}。测试没有等待采样。',
      en: 'the burst observatory and the {strategy} balancer run: connections go through the outbounds starting with {selector} (to servers written by the test), never direct; before the first measurements, connections take the first outbound, {first}. The test does not wait for the sampling.',
    },
    run: {
      tokyo: serverOn('tokyo.example.com', ID_CITIES, 10086),
      osaka: serverOn('osaka.example.com', ID_CITIES, 10086),
      client: 'burst-observatory-least-load',
    },
    ports: [10086, 1080],
    later: {client2: 'burst-observatory-least-load', client3: 'burst-observatory-least-load'},
    async check(lab) {
      const role = await unmeasuredFirstRequest(lab, ['client', 'client2', 'client3'], ['tokyo', 'osaka']);
      const balancer = lab.source('client').routing.balancers[0];
      lab.saw({strategy: balancer.strategy?.type ?? 'random', selector: balancer.selector[0]});
      lab.expect(!/\[direct\]/.test(lab.access(role)), 'no connection may go direct');
      await lab.accessLine(role, /accepted tcp:example\.com:80 \[(?<first>proxy-tokyo)\]/, 'example.com sent to the first outbound before any measurement');
    },
  },
];
