#!/usr/bin/env node
// The mutation corpus: one-change mutants of the site's complete examples and of the real-world
// corpus (tests/schema/real), each a change a person makes (a key or an enum typo, a number out of
// range, a wrong type, a missing key, a duplicated key, a CIDR/IP/port/range syntax error, an
// undefined tag, a byte-order mark or another encoding). Deterministic: the same bases give the
// same mutants. Writes tests/schema/mutants/corpus.json (bases and mutants, one mutant a line);
// the toolkit's verdicts are written by run.mjs (npm run checker:mutants) into verdicts.json, and
// tests/schema/mutants/mutants.test.ts replays them against the checker without the toolkit.
//   node tests/schema/mutants/generate.mjs
import {readFileSync, readdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseTree} from 'jsonc-parser';
import {codeBlocks, parseMeta, stripJsonc} from '../../content/blocks.mjs';
import {pageFiles} from '../../../builder/content/files.mjs';
import {CERT, KEY, LOGS, here} from './paths.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** v4 and v5 root keys: a block whose top-level keys are all among them is a complete configuration. */
const ROOT4 = new Set(['$schema', 'log', 'api', 'dns', 'routing', 'policy', 'inbounds', 'outbounds', 'transport', 'stats', 'reverse', 'fakedns', 'fakeDns', 'browserForwarder', 'observatory', 'burstObservatory', 'multiObservatory']);
const ROOT5 = new Set(['log', 'dns', 'router', 'inbounds', 'outbounds', 'services', 'extension']);

/** Certificate, key and log files are on the reader's disk: the bases name the runner's own. @param {string} text */
const ownCertificates = (text) => text
  .replace(/("(?:certificateFile|certificate_file)"\s*:\s*)"[^"]*"/g, `$1"${CERT}"`)
  .replace(/("(?:keyFile|key_file)"\s*:\s*)"[^"]*"/g, `$1"${KEY}"`)
  // log files too: 5.52.0's test opens them, and /var/log/v2ray is not here
  .replace(/"\/var\/log\/v2ray\/([\w.-]+)"/g, `"${LOGS}/$1"`);

/** @returns {Record<string, {format: 'json' | 'jsonv5', text: string}>} */
function collectBases() {
  /** @type {Record<string, {format: 'json' | 'jsonv5', text: string}>} */
  const bases = {};
  for (const v of ['v4', 'v5']) {
    const dir = join(root, 'tests/schema/real', v);
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.jsonc')).sort()) {
      bases[`real/${v}/${name.replace(/\.jsonc$/, '')}`] = {format: v === 'v4' ? 'json' : 'jsonv5', text: ownCertificates(readFileSync(join(dir, name), 'utf8'))};
    }
  }
  // the site's complete examples (the Chinese pages; the English ones are the same blocks)
  for (const {abs, page, v5} of pageFiles().filter((p) => p.lang === 'zh')) {
    for (const b of codeBlocks(readFileSync(abs, 'utf8'))) {
      if (b.lang !== 'json' && b.lang !== 'jsonc') continue;
      const meta = parseMeta(b.meta);
      if (meta.fragment || meta.notConfig !== undefined || meta.since !== undefined) continue;
      let value;
      try { value = JSON.parse(b.lang === 'json' ? b.code : stripJsonc(b.code)); } catch { continue; }
      if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
      const keys = Object.keys(value);
      const rootKeys = v5 ? ROOT5 : ROOT4;
      if (!keys.length || !keys.every((k) => rootKeys.has(k))) continue;
      // a configuration without inbounds or outbounds is a skeleton, not what readers run
      if (!('outbounds' in value)) continue;
      bases[`docs${page}:${b.line}`] = {format: v5 ? 'jsonv5' : 'json', text: ownCertificates(b.code)};
    }
  }
  return bases;
}

/** A small deterministic random source (mulberry32). @param {number} seed */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Keys whose string values are chosen from a list the toolkit knows. */
const ENUM_KEYS = new Set(['protocol', 'network', 'security', 'loglevel', 'level', 'method', 'auth', 'domainStrategy', 'domain_strategy', 'type',
  'strategy', 'transport', 'queryStrategy', 'query_strategy', 'flow', 'decryption', 'encryption', 'cipher', 'mode', 'header', 'accessLog', 'access', 'error',
  'fingerprint', 'usage', 'matcher', 'domainMatcher', 'domain_matcher', 'congestion', 'packetEncoding', 'packet_encoding']);
const TAG_REF_KEYS = new Set(['outboundTag', 'outbound_tag', 'balancerTag', 'balancing_tag', 'tag' /* only inside rules */, 'inboundTag', 'inbound_tag', 'proxy_settings', 'dialerProxy']);
const PORT_KEYS = new Set(['port', 'dest', 'listen_port']);
const RANGES = {
  port: ['70000', 65536, -1],
  mtu: [575, 1461],
  tti: [9, 101],
  uplinkCapacity: [-1],
  downlinkCapacity: [-1],
  readBufferSize: [-1],
  writeBufferSize: [-1],
  level: [-1, 4294967296],
  alterId: [-1, 65536],
  timeout: [-1],
  concurrency: [-1],
  mark: [-1],
  idle_timeout: [-1],
  handshake: [-1],
  connIdle: [-1],
  bufferSize: [-1],
  userLevel: [-1],
};

/**
 * Every mutant of one base. A mutant is a text edit `[from, to, insert]` of the base's text (the
 * comments kept), or `bytes` for an encoding change of the whole file.
 * @param {string} name @param {string} text
 */
function mutantsOf(name, text) {
  // comments blanked so that the tree's offsets are the text's (jsonc-parser reads comments itself,
  // but not "#" ones)
  const tree = parseTree(text.replace(/(^|[^:"\w])#[^\n]*/g, (m) => m.replace(/[^\n]/g, ' ')), [], {allowTrailingComma: true});
  if (!tree) throw new Error(`${name}: does not parse`);
  /** @type {{kind: string, path: string, what: string, edit?: [number, number, string], bytes?: string}[]} */
  const out = [];
  const edit = (kind, path, what, from, to, insert) => out.push({kind, path, what, edit: [from, to, insert]});
  const str = (s) => JSON.stringify(s);
  /** A typo: two neighbouring letters swapped, or one dropped. */
  const typo = (s, n) => {
    if (s.length < 3) return `${s}x`;
    const i = 1 + (n % (s.length - 2));
    return n % 2 ? s.slice(0, i) + s.slice(i + 1) : s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
  };
  const tags = new Set();
  const collectTags = (n) => {
    if (n.type === 'property' && n.children?.[0]?.value === 'tag' && n.children[1]?.type === 'string') tags.add(n.children[1].value);
    for (const c of n.children ?? []) collectTags(c);
  };
  collectTags(tree);
  const walk = (n, path, inRules) => {
    if (n.type === 'object') {
      for (const p of n.children ?? []) {
        const [k, v] = p.children ?? [];
        if (!k || !v) continue;
        const key = String(k.value);
        const at = `${path}/${key}`;
        const rules = inRules || key === 'rules' || key === 'rule';
        // key typo; missing key; duplicated key
        if (!/^\$/.test(key)) edit('keyTypo', at, `${str(key)} -> ${str(typo(key, k.offset))}`, k.offset, k.offset + k.length, str(typo(key, k.offset)));
        // the property removed with its comma (before it, or after it when it is first)
        const siblings = n.children;
        const i = siblings.indexOf(p);
        const from = i > 0 ? siblings[i - 1].offset + siblings[i - 1].length : p.offset;
        const to = i > 0 ? p.offset + p.length : (siblings[1] ? siblings[1].offset : p.offset + p.length);
        edit('missingKey', at, `${str(key)} removed`, from, to, '');
        const copy = text.slice(p.offset, p.offset + p.length);
        edit('duplicateKey', at, `${str(key)} written twice`, p.offset, p.offset, `${copy}, `);
        // written twice, the first with another value (a line pasted above the one it was meant to replace)
        if (v.type === 'number') edit('duplicateKey', at, `${str(key)} written twice, first as a string`, p.offset, p.offset, `${str(key)}: ${str(String(v.value))}, `);
        if (v.type === 'string' && ENUM_KEYS.has(key)) edit('duplicateKey', at, `${str(key)} written twice, first misspelled`, p.offset, p.offset, `${str(key)}: ${str(typo(String(v.value), v.offset))}, `);
        if (v.type === 'boolean') edit('duplicateKey', at, `${str(key)} written twice, first as a string`, p.offset, p.offset, `${str(key)}: ${str(String(v.value))}, `);
        // values by the key
        if (v.type === 'string') {
          const s = String(v.value);
          const span = [v.offset, v.offset + v.length];
          if (ENUM_KEYS.has(key) && /^[A-Za-z][\w.+-]*$/.test(s)) edit('enumTypo', at, `${str(s)} -> ${str(typo(s, v.offset))}`, ...span, str(typo(s, v.offset)));
          if (TAG_REF_KEYS.has(key) && (key !== 'tag' || rules) && tags.has(s)) edit('tagRef', at, `${str(s)} -> undefined tag`, ...span, str(`${s}-missing`));
          if (/^\d+\.\d+\.\d+\.\d+$/.test(s)) edit('ipSyntax', at, `${str(s)} -> a malformed IP`, ...span, str(s.replace(/\d+$/, '300')));
          if (/^\d+\.\d+\.\d+\.\d+\/\d+$/.test(s)) edit('cidrSyntax', at, `${str(s)} -> mask 33`, ...span, str(s.replace(/\/\d+$/, '/33')));
          if (/^\d+-\d+$/.test(s)) {
            const [a, b] = s.split('-');
            edit('rangeSyntax', at, `${str(s)} -> inverted`, ...span, str(`${b}-${a}`));
          }
          if (/^\d+$/.test(s) && PORT_KEYS.has(key)) edit('portRange', at, `${str(s)} -> "70000"`, ...span, str('70000'));
          if (!ENUM_KEYS.has(key) && !/^[0-9a-f-]{36}$/.test(s)) edit('wrongType', at, `${str(s)} -> 1`, ...span, '1');
        } else if (v.type === 'number') {
          const span = [v.offset, v.offset + v.length];
          // an inbound's port written as a range, the wrong way round
          if (key === 'port' && /^\/inbounds\/\d+\/port$/.test(at)) edit('rangeSyntax', at, `${v.value} -> "${v.value}-1000"`, ...span, str(`${v.value}-1000`));
          for (const bad of RANGES[key] ?? []) edit(typeof bad === 'string' ? 'portRange' : 'numberRange', at, `${v.value} -> ${str(bad)}`, ...span, str(bad));
          edit('wrongType', at, `${v.value} -> ${str(String(v.value))}`, ...span, str(String(v.value)));
          edit('wrongType', at, `${v.value} -> true`, ...span, 'true');
        } else if (v.type === 'boolean') {
          edit('wrongType', at, `${v.value} -> ${str(String(v.value))}`, v.offset, v.offset + v.length, str(String(v.value)));
        } else if (v.type === 'object') {
          edit('wrongType', at, 'object -> []', v.offset, v.offset + v.length, '[]');
        } else if (v.type === 'array') {
          if (v.children?.length) edit('wrongType', at, 'array -> a string', v.offset, v.offset + v.length, str('x'));
          // a rule's IP list: a CIDR or an address written wrong, added in front
          if (rules && (key === 'ip' || key === 'source' || key === 'source_cidr' || key === 'geoip') && v.children?.length) {
            const first = v.children[0];
            edit('cidrSyntax', `${at}/0`, '"10.0.0.0/33" added', first.offset, first.offset, `${str('10.0.0.0/33')}, `);
            edit('ipSyntax', `${at}/0`, '"10.0.0.300" added', first.offset, first.offset, `${str('10.0.0.300')}, `);
          }
          // array items: CIDR, IP, port, tag
          for (const [j, c] of (v.children ?? []).entries()) {
            if (c.type !== 'string') continue;
            const s = String(c.value);
            const span = [c.offset, c.offset + c.length];
            if (/^\d+\.\d+\.\d+\.\d+\/\d+$/.test(s)) edit('cidrSyntax', `${at}/${j}`, `${str(s)} -> mask 33`, ...span, str(s.replace(/\/\d+$/, '/33')));
            if (/^\d+\.\d+\.\d+\.\d+$/.test(s)) edit('ipSyntax', `${at}/${j}`, `${str(s)} -> a malformed IP`, ...span, str(s.replace(/\d+$/, '300')));
            if (TAG_REF_KEYS.has(key) && tags.has(s)) edit('tagRef', `${at}/${j}`, `${str(s)} -> undefined tag`, ...span, str(`${s}-missing`));
          }
        }
        // a rule gets a port over 65535
        if (key === 'outboundTag' && inRules && n.children.every((q) => q.children?.[0]?.value !== 'port')) {
          edit('portRange', `${path}/port`, '"port": "1-70000" added', p.offset, p.offset, `"port": "1-70000", `);
        }
        walk(v, at, rules);
      }
    } else if (n.type === 'array') {
      for (const [j, c] of (n.children ?? []).entries()) walk(c, `${path}/${j}`, inRules);
    }
  };
  walk(tree, '', false);
  // encodings: a mark before the file, UTF-16, a byte that is not UTF-8 inside a string
  const encodings = ['bom', 'utf16le', 'utf16be', 'latin1'];
  const bytes = encodings[[...name].reduce((h, c) => h + c.charCodeAt(0), 0) % encodings.length];
  out.push({kind: 'encoding', path: '', what: bytes, bytes});
  if (bytes !== 'bom') out.push({kind: 'encoding', path: '', what: 'bom', bytes: 'bom'});
  return out;
}

/** Per kind, this many mutants at most per base, spread over the base (enough for ≥ 1,000 in all). */
const PER_BASE = {keyTypo: 3, missingKey: 3, duplicateKey: 4, enumTypo: 3, wrongType: 2, numberRange: 2, portRange: 2, ipSyntax: 2, cidrSyntax: 2, rangeSyntax: 1, tagRef: 2, encoding: 2};

export function generate() {
  const bases = collectBases();
  /** @type {{id: string, base: string, kind: string, path: string, what: string, edit?: [number, number, string], bytes?: string}[]} */
  const mutants = [];
  for (const [name, {text}] of Object.entries(bases)) {
    const rnd = random([...name].reduce((h, c) => Math.imul(h, 31) + c.charCodeAt(0), 7));
    const all = mutantsOf(name, text);
    const byKind = new Map();
    for (const m of all) byKind.set(m.kind, [...(byKind.get(m.kind) ?? []), m]);
    for (const [kind, list] of byKind) {
      const n = PER_BASE[kind] ?? 2;
      const pick = [...list];
      for (let i = pick.length - 1; i > 0; i -= 1) { const j = Math.floor(rnd() * (i + 1)); [pick[i], pick[j]] = [pick[j], pick[i]]; }
      for (const m of pick.slice(0, n)) mutants.push({id: '', base: name, ...m});
    }
  }
  mutants.forEach((m, i) => { m.id = `m${String(i + 1).padStart(4, '0')}`; });
  return {bases, mutants};
}

/** The bytes of a mutant as the toolkit reads them. @param {{format: string, text: string}} base @param {{edit?: [number, number, string], bytes?: string}} m */
export function mutantBytes(base, m) {
  const text = m.edit ? base.text.slice(0, m.edit[0]) + m.edit[2] + base.text.slice(m.edit[1]) : base.text;
  switch (m.bytes) {
    case undefined: return Buffer.from(text, 'utf8');
    case 'bom': return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
    case 'utf16le': return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    case 'utf16be': { const b = Buffer.from(text, 'utf16le'); b.swap16(); return Buffer.concat([Buffer.from([0xfe, 0xff]), b]); }
    // a Windows editor saving a non-ASCII word in a string as Latin-1: the toolkit reads the byte as it is
    case 'latin1': {
      const at = text.indexOf('"', text.indexOf('"protocol"') + 10);
      return Buffer.concat([Buffer.from(text.slice(0, at + 1), 'utf8'), Buffer.from([0xe9]), Buffer.from(text.slice(at + 1), 'utf8')]);
    }
    default: throw new Error(`unknown byte change ${m.bytes}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const {bases, mutants} = generate();
  const lines = mutants.map((m) => JSON.stringify(m));
  writeFileSync(join(here, 'corpus.json'),
    `{"bases": ${JSON.stringify(bases, null, 0)},\n"mutants": [\n${lines.join(',\n')}\n]}\n`);
  const counts = {};
  for (const m of mutants) counts[m.kind] = (counts[m.kind] ?? 0) + 1;
  console.log(`${Object.keys(bases).length} bases, ${mutants.length} mutants:`, counts);
}
