// The failure-mode probes: each starts v2ray on a configuration a page talks about, records what
// happened, and names the page sentence that states it. An outcome is one of
//   'refused at load' (the toolkit's message is kept), 'panics at start', 'panics at first
//   connection', 'listens on nothing' (started, but a connection attempt is refused), 'works',
//   or a probe's own word ('waits', 'first file first', ...).
// `claims` lists the phrases that say the expected outcome on the page, in both languages; the
// suite fails when the observed outcome is not the expected one or a phrase is missing.
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {createSocket} from 'node:dgram';
import {join} from 'node:path';
import {V2rayProcess, runCommand, sleep, testConfig, waitFor} from '../toolkit/processes.mjs';
import {attempt, echoServer, socksRoundTrip} from './net.mjs';

/** @typedef {{file: string, zh: string, en: string}} Claim a page (Chinese path under docs/ or versioned_docs/v5/) and a phrase in each language */
/** @typedef {{bin: string, old: string, dir: string, port: () => number}} Ctx */
/** @typedef {{id: string, expect: string, claims: Claim[], run: (ctx: Ctx) => Promise<{outcome: string, detail?: string}>}} Probe */

const ID = 'b831b1a0-8c3f-4a8b-9b1c-1f1f3f6a0c11';
const INBOUNDS = 'docs/config/inbounds.md';

/** The inbounds the listen probes try, with UDP on and off where the protocol has it. */
const PROTOCOLS = [
  {name: 'socks', udp: false, settings: {udp: false}},
  {name: 'socks', udp: true, settings: {udp: true}},
  {name: 'http', udp: false, settings: {}},
  {name: 'shadowsocks', udp: false, settings: {method: 'aes-128-gcm', password: 'probe', network: 'tcp'}},
  {name: 'shadowsocks', udp: true, settings: {method: 'aes-128-gcm', password: 'probe', network: 'tcp,udp'}},
  {name: 'vmess', udp: false, settings: {clients: [{id: ID}]}},
  {name: 'vless', udp: false, settings: {clients: [{id: ID}], decryption: 'none'}},
  {name: 'trojan', udp: false, settings: {clients: [{password: 'probe'}]}},
  {name: 'dokodemo-door', udp: false, settings: {address: '127.0.0.1', port: 9, network: 'tcp'}},
  {name: 'dokodemo-door', udp: true, settings: {address: '127.0.0.1', port: 9, network: 'tcp,udp'}},
];
/** Protocols whose inbound takes a Unix domain socket (Network() includes UNIX in v5.52.0). */
const UNIX_OK = new Set(['vmess', 'vless', 'trojan', 'http']);

/** The phrases of inbounds.md's `listen` section, one per outcome. */
const LISTEN = {
  ip: {file: INBOUNDS, zh: '一个 IP 地址，如 `"127.0.0.1"`', en: 'an IP address, such as `"127.0.0.1"`'},
  localhostTcp: {file: INBOUNDS, zh: 'TCP 按 `127.0.0.1` 监听', en: 'TCP listens on `127.0.0.1`'},
  localhostUdp: {file: INBOUNDS, zh: '启动时崩溃（panic）', en: 'panics at startup'},
  unixOk: {file: INBOUNDS, zh: '只有 VMess、VLESS、Trojan、HTTP 和 Hysteria2 入站能监听 Unix 域套接字', en: 'Only VMess, VLESS, Trojan, HTTP and Hysteria2 inbounds can listen on a Unix domain socket'},
  unixNothing: {file: INBOUNDS, zh: 'V2Ray 照常启动，不报错，但这个入站不监听任何地址', en: 'V2Ray starts as usual and reports nothing, but the inbound listens on nothing'},
};

/**
 * Starts v2ray and sorts what it did into an outcome: refused or panicked before "started", or
 * whatever `poke` finds, turned into 'panics at first connection' when the process died of a
 * panic meanwhile.
 * @param {Ctx} ctx @param {{role: string, config: unknown, format?: 'json' | 'jsonv5', bin?: string, args?: (file: string) => string[],
 *   poke: (p: V2rayProcess) => Promise<string>}} o
 */
async function startAndSee(ctx, {role, config, format = 'json', bin = ctx.bin, args, poke}) {
  const p = new V2rayProcess({bin, role, dir: ctx.dir, config, format, args});
  try {
    try {
      await p.ready(8000);
    } catch {
      await Promise.race([p.exited, sleep(1000)]);
      const panic = /^panic: .*/m.exec(p.output);
      if (panic) return {outcome: 'panics at start', detail: panic[0]};
      return {outcome: 'refused at load', detail: lastLines(p.output)};
    }
    const seen = await poke(p);
    await Promise.race([p.exited, sleep(400)]);
    const panic = /^panic: .*/m.exec(p.output);
    if (p.exitCode !== null && panic) return {outcome: 'panics at first connection', detail: panic[0]};
    return {outcome: seen, detail: lastLines(p.output)};
  } finally {
    await p.stop();
  }
}

/** @param {string} text */
const lastLines = (text) => text.trim().split('\n').filter((l) => !/^V2Ray \d|^A unified platform/.test(l)).slice(-3).join(' | ');

/** @param {{connected: boolean}} r */
const heard = (r) => (r.connected ? 'works' : 'listens on nothing');

/**
 * Whether a socket listens on the abstract name `@name` in this network namespace
 * (/proc/net/unix: flags 00010000 is a listening socket; the path column shows the name with @).
 * @param {string} at
 */
function abstractListening(at) {
  return readFileSync('/proc/net/unix', 'utf8').split('\n').some((l) => {
    const cols = l.trim().split(/\s+/);
    return cols[3] === '00010000' && cols[7] === at;
  });
}

/** @returns {Probe[]} */
function listenProbes() {
  /** @type {Probe[]} */
  const probes = [];
  const forms = ['127.0.0.1', '0.0.0.0', '::', 'localhost', 'unix path', '@abstract', '@@padded abstract'];
  for (const proto of PROTOCOLS) {
    for (const form of forms) {
      const unix = form === 'unix path' || form.startsWith('@');
      const expect = unix ? (UNIX_OK.has(proto.name) ? 'works' : 'listens on nothing')
        : form === 'localhost' && proto.udp ? 'panics at start' : 'works';
      const claims = unix ? [UNIX_OK.has(proto.name) ? LISTEN.unixOk : LISTEN.unixNothing]
        : form === 'localhost' ? [proto.udp ? LISTEN.localhostUdp : LISTEN.localhostTcp] : [LISTEN.ip];
      const id = `listen ${form} on ${proto.name}${proto.name === 'socks' || proto.name === 'shadowsocks' || proto.name === 'dokodemo-door' ? ` (UDP ${proto.udp ? 'on' : 'off'})` : ''}`;
      const role = `listen-${probes.length}-${proto.name}`;
      probes.push({id, expect, claims, run: async (ctx) => {
        const port = ctx.port();
        const path = form === 'unix path' ? join(ctx.dir, `${role}.sock`)
          : form === '@abstract' ? `@v2fly-probe-${role}` : form === '@@padded abstract' ? `@@v2fly-probe-${role}` : null;
        const inbound = {protocol: proto.name, settings: proto.settings, listen: path ?? form, ...(path ? {} : {port})};
        // Node pads an abstract name with zeros to the full 108 bytes, as v2ray does for "@@name"
        // only: an "@name" socket is looked up in the namespace's socket table instead
        /** @type {import('node:net').NetConnectOpts} */
        const where = path ? {path: path.startsWith('@@') ? `\0${path.slice(2)}` : path}
          : {host: form === '::' ? '::1' : '127.0.0.1', port};
        return startAndSee(ctx, {role, config: {inbounds: [inbound], outbounds: [{protocol: 'freedom'}]},
          poke: async () => (form === '@abstract' ? (abstractListening(path ?? '') ? 'works' : 'listens on nothing') : heard(await attempt(where)))});
      }});
    }
  }
  // the v5 format reaches the same workers: a few of the same cases, in -format jsonv5
  const V5 = 'versioned_docs/v5/config/inbound.md';
  const v5Claims = {
    localhostUdp: {file: V5, zh: 'V2Ray 在启动时崩溃（panic）', en: 'V2Ray panics at startup'},
    localhostTcp: {file: V5, zh: 'TCP 按 `127.0.0.1` 监听', en: 'TCP listens on `127.0.0.1`'},
    unixOk: {file: V5, zh: '只有 VMess、VLESS、Trojan、HTTP 和 Hysteria2 入站能监听 Unix 域套接字', en: 'Only VMess, VLESS, Trojan, HTTP and Hysteria2 inbounds can listen on a Unix domain socket'},
    unixNothing: {file: V5, zh: 'V2Ray 照常启动，不报错，但这个入站不监听任何地址', en: 'V2Ray starts as usual and reports nothing, but the inbound listens on nothing'},
  };
  /** @type {Array<[string, string, Record<string, unknown>, boolean, string, Claim]>} form, protocol, settings, unix, expected, claim */
  const v5Cases = [
    ['localhost', 'socks', {udpEnabled: true}, false, 'panics at start', v5Claims.localhostUdp],
    ['localhost', 'socks', {}, false, 'works', v5Claims.localhostTcp],
    ['unix path', 'socks', {}, true, 'listens on nothing', v5Claims.unixNothing],
    ['unix path', 'http', {}, true, 'works', v5Claims.unixOk],
  ];
  for (const [form, protocol, settings, unix, expect, claim] of v5Cases) {
    const role = `listen-v5-${probes.length}-${protocol}`;
    probes.push({id: `v5 format: listen ${form} on ${protocol}${protocol === 'socks' ? ` (UDP ${settings.udpEnabled ? 'on' : 'off'})` : ''}`, expect, claims: [claim],
      run: async (ctx) => {
        const port = ctx.port();
        const path = unix ? join(ctx.dir, `${role}.sock`) : null;
        const inbound = {protocol, settings, listen: path ?? form, ...(path ? {} : {port})};
        const where = path ? {path} : {host: '127.0.0.1', port};
        return startAndSee(ctx, {role, format: 'jsonv5', config: {inbounds: [inbound], outbounds: [{protocol: 'freedom'}]},
          poke: async () => heard(await attempt(where))});
      }});
  }
  return probes;
}

/** A socks inbound on `port` with tag socks-in, for the probes that send traffic. @param {number} port */
const socksIn = (port) => ({tag: 'socks-in', listen: '127.0.0.1', port, protocol: 'socks', settings: {udp: false}});

/** Sends one line through the socks inbound to the echo server: 'echoed' or 'nothing came back'. @param {number} socks @param {number} echo */
async function through(socks, echo) {
  const answer = await socksRoundTrip(socks, '127.0.0.1', echo, 'probe');
  return answer.startsWith('echo:probe') ? 'echoed' : 'nothing came back';
}

/** @returns {Probe[]} */
function otherProbes() {
  return [
    {
      id: 'kcpSettings with an invalid mtu while network is tcp',
      expect: 'refused at load',
      claims: [{file: 'docs/config/transport.md', zh: '也会被解析和检查', en: 'they are still parsed and checked'}],
      run: async (ctx) => {
        const file = join(ctx.dir, 'kcp-mtu.json');
        writeFileSync(file, JSON.stringify({inbounds: [{...socksIn(ctx.port()), streamSettings: {network: 'tcp', kcpSettings: {mtu: 10}}}],
          outbounds: [{protocol: 'freedom'}]}));
        const message = await testConfig(ctx.bin, file);
        return message ? {outcome: 'refused at load', detail: message.split('\n').slice(-1)[0]} : {outcome: 'works'};
      },
    },
    {
      id: 'useBrowserForwarding without the browser forwarder',
      expect: 'panics at first connection',
      claims: [
        {file: 'docs/config/transport/websocket.md', zh: '第一个连接到来时崩溃（panic）', en: 'panics at the first connection'},
        {file: 'versioned_docs/v5/config/stream/websocket.md', zh: '第一个连接到来时崩溃（panic）', en: 'panics at the first connection'},
      ],
      run: async (ctx) => {
        const socks = ctx.port();
        const config = {inbounds: [socksIn(socks)], outbounds: [{protocol: 'vmess',
          settings: {vnext: [{address: '127.0.0.1', port: ctx.port(), users: [{id: ID}]}]},
          streamSettings: {network: 'ws', wsSettings: {path: '/ws', useBrowserForwarding: true}}}]};
        return startAndSee(ctx, {role: 'browser-forwarding', config, poke: async () => {
          await socksRoundTrip(socks, '127.0.0.1', 9, 'probe', 1500);
          return 'works';
        }});
      },
    },
    ...dnsProtocolProbes(),
    ...mergeProbes(),
    ...logProbes(),
    {
      id: 'v2ray api log without -restart on an address nobody listens on',
      expect: 'waits',
      claims: [{file: 'docs/guide/command.md', zh: '会一直等下去', en: 'waits forever'}],
      run: async (ctx) => {
        const r = await runCommand(ctx.bin, ['api', 'log', '-s', `127.0.0.1:${ctx.port()}`], {timeoutMs: 4000});
        return r.timedOut ? {outcome: 'waits', detail: 'still running after 4 s, killed'} : {outcome: `exited ${r.code}`, detail: lastLines(r.output)};
      },
    },
    {
      id: 'v2ray api log -restart on an address nobody listens on',
      expect: 'refused at load',
      claims: [{file: 'docs/guide/command.md', zh: '报错 `failed to dial`', en: 'fails with `failed to dial`'}],
      run: async (ctx) => {
        const r = await runCommand(ctx.bin, ['api', 'log', '-restart', '-t', '1', '-s', `127.0.0.1:${ctx.port()}`], {timeoutMs: 8000});
        if (r.timedOut) return {outcome: 'waits'};
        return /failed to dial/.test(r.output) ? {outcome: 'refused at load', detail: lastLines(r.output)} : {outcome: `exited ${r.code}`, detail: lastLines(r.output)};
      },
    },
    {
      id: '-d with -format jsonv5 on a directory holding config.v5.json',
      expect: 'refused at load',
      claims: [{file: 'docs/guide/command.md', zh: '`-d` 与 `-format jsonv5` 一起用时找不到任何文件', en: '`-d` together with `-format jsonv5` finds no file'}],
      run: async (ctx) => {
        const d = join(ctx.dir, 'confdir-v5');
        mkdirSync(d, {recursive: true});
        writeFileSync(join(d, 'config.v5.json'), JSON.stringify({outbounds: [{protocol: 'freedom'}]}));
        const r = await runCommand(ctx.bin, ['test', '-format', 'jsonv5', '-d', d], {timeoutMs: 8000});
        if (r.code === 0) return {outcome: 'works'};
        return {outcome: /no config file found/.test(r.output) ? 'refused at load' : `exited ${r.code}`, detail: lastLines(r.output)};
      },
    },
    {
      id: 'v2ray uuid: the version nibble of 16 runs',
      expect: 'random 128 bits',
      claims: [{file: 'docs/guide/command.md', zh: '128 个随机位', en: '128 random bits'}],
      run: async (ctx) => {
        const nibbles = new Set();
        for (let i = 0; i < 16; i++) {
          const r = await runCommand(ctx.bin, ['uuid'], {timeoutMs: 5000});
          nibbles.add(r.stdout.trim()[14]);
        }
        return {outcome: nibbles.size === 1 && nibbles.has('4') ? 'version 4' : 'random 128 bits', detail: `version digits seen: ${[...nibbles].join(',')}`};
      },
    },
  ];
}

/** Several configuration files: which outbound ends up first (the default), told by sending traffic. @returns {Probe[]} */
function mergeProbes() {
  const MERGE = 'docs/config/multiple_config.md';
  /**
   * a.json: socks in + freedom; b: one outbound, blackhole. Echoed means freedom stayed first.
   * @param {Ctx} ctx @param {{bin?: string, bName?: string, order: 'c' | 'c-then-d' | 'dir', old?: boolean}} o
   */
  const merged = async (ctx, {bin = ctx.bin, bName = 'b.json', order, old = false}) => {
    const socks = ctx.port();
    const echo = ctx.port();
    const d = join(ctx.dir, `merge-${socks}`);
    mkdirSync(d, {recursive: true});
    const a = {log: {loglevel: 'warning'}, inbounds: [socksIn(socks)], outbounds: [{tag: 'a-direct', protocol: 'freedom'}]};
    const b = {outbounds: [{tag: 'b-block', protocol: 'blackhole'}]};
    /** @type {(file: string) => string[]} */
    let args;
    if (order === 'dir') {
      // 10_a.json sorts after 00_b.json: the blackhole file is read first
      writeFileSync(join(d, '10_a.json'), JSON.stringify(a));
      writeFileSync(join(d, '00_b.json'), JSON.stringify(b));
      args = () => ['run', '-d', d];
    } else if (order === 'c-then-d') {
      // the blackhole file is given with -d, the socks+freedom one with -c
      writeFileSync(join(d, '00_b.json'), JSON.stringify(b));
      args = (file) => ['run', '-d', d, '-c', file];
    } else {
      writeFileSync(join(d, bName), JSON.stringify(b));
      args = (file) => (old ? ['-config', file, '-config', join(d, bName)] : ['run', '-c', file, '-c', join(d, bName)]);
    }
    const server = /** @type {import('node:net').Server} */ (await echoServer(echo));
    try {
      return await startAndSee(ctx, {role: `merge-${socks}`, bin, config: a, args, poke: async () => {
        const r = await through(socks, echo);
        return r === 'echoed' ? 'first file first' : 'later file first';
      }});
    } finally {
      server.close();
    }
  };
  return [
    {id: 'v5: -c a.json -c b.json, b holding one new outbound', expect: 'first file first',
      claims: [{file: MERGE, zh: '后读文件中的元素**追加**到已有数组的末尾', en: "The later file's elements are **appended** to the end of the existing array"}],
      run: (ctx) => merged(ctx, {order: 'c'})},
    {id: 'v5: -c a.json together with -d DIR (b inside)', expect: 'first file first',
      claims: [{file: MERGE, zh: '先读 `-c` 的文件，再读 `-d` 目录中的文件', en: 'the `-c` files are read first, then the files from the `-d` directories'}],
      run: (ctx) => merged(ctx, {order: 'c-then-d'})},
    {id: 'v5: -d DIR holding 00_b.json and 10_a.json', expect: 'later file first',
      claims: [{file: MERGE, zh: '按**文件名排序**读取', en: 'in **file name order**'}],
      run: (ctx) => merged(ctx, {order: 'dir'})},
    {id: 'v4.34: -config a.json -config b.json, b holding one new outbound', expect: 'later file first',
      claims: [{file: MERGE, zh: '放到最前面，成为默认出站', en: 'put first, becoming the default outbound'}],
      run: (ctx) => merged(ctx, {bin: ctx.old, order: 'c', old: true})},
    {id: 'v4.34: the same with b_tail.json', expect: 'first file first',
      claims: [{file: MERGE, zh: '文件名含 `tail`', en: 'file name contains `tail`'}],
      run: (ctx) => merged(ctx, {bin: ctx.old, order: 'c', old: true, bName: 'b_tail.json'})},
  ];
}

/**
 * The built-in DNS marks its own UDP queries with protocol "dns": a rule `protocol: ["dns"]` routes
 * them with no sniffing anywhere. The first outbound (the default) is a blackhole; only the rule
 * sends the query on through freedom to a stand-in DNS server that counts what arrives. A control
 * run without the rule shows the query would otherwise be blocked.
 * @returns {Probe[]}
 */
function dnsProtocolProbes() {
  /** @param {Ctx} ctx @param {boolean} withRule */
  const queriesSeen = async (ctx, withRule) => {
    const socks = ctx.port();
    const dnsPort = ctx.port();
    let queries = 0;
    const server = createSocket('udp4');
    server.on('message', () => { queries++; });
    await new Promise((resolve) => server.bind(dnsPort, '127.0.0.1', () => resolve(undefined)));
    const config = {
      dns: {servers: [{address: '127.0.0.1', port: dnsPort}]},
      inbounds: [socksIn(socks)],
      outbounds: [{tag: 'block', protocol: 'blackhole'}, {tag: 'direct', protocol: 'freedom', settings: {domainStrategy: 'UseIP'}}],
      routing: {rules: [
        ...(withRule ? [{type: 'field', protocol: ['dns'], outboundTag: 'direct'}] : []),
        {type: 'field', inboundTag: ['socks-in'], outboundTag: 'direct'},
      ]},
    };
    try {
      return await startAndSee(ctx, {role: `dns-protocol-${socks}`, config, poke: async () => {
        // freedom with UseIP asks the built-in DNS for probe.test
        await socksRoundTrip(socks, 'probe.test', 9, 'probe', 2500);
        return queries > 0 ? 'query routed by the rule' : 'query not routed';
      }});
    } finally {
      server.close();
    }
  };
  const claim = {file: 'versioned_docs/v5/config/router.md', zh: '不需要开启探测就能被 `protocol` 规则匹配', en: 'match `protocol` rules without any sniffing'};
  const claimV4 = {file: 'docs/config/routing.md', zh: '不需要开启探测就能被 `protocol` 规则匹配', en: 'match `protocol` rules without any sniffing'};
  return [
    {id: 'built-in DNS query over UDP with a rule protocol: ["dns"] and no sniffing', expect: 'query routed by the rule', claims: [claim, claimV4],
      run: async (ctx) => queriesSeen(ctx, true)},
    {id: 'the same without the rule (control: the default outbound blocks it)', expect: 'query not routed', claims: [],
      run: async (ctx) => queriesSeen(ctx, false)},
  ];
}

/** What a `log` object turns on, and what the access log names. @returns {Probe[]} */
function logProbes() {
  /** @param {Ctx} ctx @param {unknown} log */
  const accessLine = async (ctx, log) => {
    const socks = ctx.port();
    const echo = ctx.port();
    const config = {...(log === undefined ? {} : {log}), inbounds: [socksIn(socks)], outbounds: [{tag: 'out-direct', protocol: 'freedom'}]};
    const server = /** @type {import('node:net').Server} */ (await echoServer(echo));
    try {
      const p = new V2rayProcess({bin: ctx.bin, role: `log-${socks}`, dir: ctx.dir, config});
      try {
        await waitFor(async () => (await attempt({host: '127.0.0.1', port: socks}, {readMs: 0})).connected, 'socks inbound up', 8000);
        await through(socks, echo);
        await sleep(300);
        return /** @type {string | undefined} */ (p.output.split('\n').find((l) => / accepted tcp:/.test(l)));
      } finally {
        await p.stop();
      }
    } finally {
      server.close();
    }
  };
  return [
    {id: 'no log object: a connection is not logged', expect: 'no access line',
      claims: [{file: 'docs/guide/start.md', zh: '没有 `log` 对象时不记录访问日志', en: 'Without a `log` object there is no access log'}],
      run: async (ctx) => {
        const line = await accessLine(ctx, undefined);
        return line ? {outcome: 'access line on stdout', detail: line} : {outcome: 'no access line'};
      }},
    {id: '"log": {"loglevel": "warning"}: every connection goes to stdout', expect: 'access line on stdout',
      claims: [{file: 'docs/guide/start.md', zh: '只要写了 `log` 对象，访问日志也随之打开', en: 'Any `log` object turns the access log on'}],
      run: async (ctx) => {
        const line = await accessLine(ctx, {loglevel: 'warning'});
        return line ? {outcome: 'access line on stdout', detail: line} : {outcome: 'no access line'};
      }},
    {id: 'the access line names the outbound tag, not the inbound tag', expect: 'outbound tag only',
      claims: [{file: INBOUNDS, zh: '访问日志只记录出站的标签', en: 'The access log records only the outbound tag'}],
      run: async (ctx) => {
        const line = await accessLine(ctx, {loglevel: 'warning'}) ?? '';
        const outcome = line.includes('out-direct') && !line.includes('socks-in') ? 'outbound tag only' : 'other';
        return {outcome, detail: line};
      }},
  ];
}

/** Every probe, in the order they run. @returns {Probe[]} */
export const allProbes = () => [...listenProbes(), ...otherProbes()];
