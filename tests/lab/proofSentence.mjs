// The lab's proof sentences (tests/lab/README.md): a scenario writes one template pair
// {zh, en}; every value either language names ({user}, {level}, {path}, {ttl}...) is a
// placeholder, filled from what the run observed (the scenario's assertions record it, the same
// record for both languages). This module checks a template (no value written into its fixed
// text) and renders it. It lives in scripts/ because the lab and the unit tests both use it
// (tests/unit may not import tests/lab).

/**
 * Words the fixed text may use although they are written in Latin letters: names of protocols,
 * transports and kinds of traffic, which are vocabulary, not values an example chooses (a user, a
 * level, a port, an address, a path, a cipher, a tag, a setting's string). A word not listed here,
 * any digit and any token shaped like an address, path, name or counter (`a.b`, `/x`, `a@b`,
 * `a:b`, `a_b`, `a>b`, quotes) must be a placeholder.
 */
export const VOCABULARY = new Set([
  'API', 'AEAD', 'Blackhole', 'Chinese', 'Chromium', 'DNS', 'DoH', 'DoT', 'FakeDNS', 'Freedom', 'gRPC', 'HTTP', 'HTTP/2', 'HTTPS',
  'Hysteria2', 'IP', 'IPv4', 'IPv6', 'LAN', 'Loopback', 'mKCP', 'Mux', 'Mux.Cool', 'PROXY', 'QUIC', 'Shadowsocks', 'Socks', 'TCP',
  'TLS', 'TPROXY', 'Trojan', 'TUN', 'UDP', 'Unix', 'V2Ray', 'VLESS', 'VMess', 'WebSocket', 'WireGuard', 'JSON', 'ID', 'SNI', 'TTL',
  'IPIfNonMatch', 'nftables', 'iptables', 'SOCKS', 'Host', 'ALPN', 'HTTP/1.1', 'UUID', 'geoip', 'geosite', 'Go', 'Linux', 'over', 'StatsService', 'HandlerService', 'LoggerService', 'RoutingService', 'ObservatoryService', 'portal', 'bridge', 'v2ray-extra', 'wireguard-go',
]);

const PLACEHOLDER = /\{([A-Za-z][\w]*)\}/g;

/** The placeholders a template names, in order, once each. @param {string} text */
export function placeholders(text) {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => /** @type {string} */ (m[1])))];
}

/**
 * What is wrong with a template pair: the two languages name different placeholders, or the fixed
 * text (outside placeholders) names a value. Empty when it is fine.
 * @param {{zh: string, en: string}} t
 * @param {Set<string>} [fieldNames] the keys of the configurations the scenario runs: a field's name
 *   (`fallbackTag`, `wsSettings`) is a word, not a value
 * @returns {string[]}
 */
export function templateProblems(t, fieldNames = new Set()) {
  const problems = [];
  const zh = placeholders(t.zh), en = placeholders(t.en);
  const onlyZh = zh.filter((p) => !en.includes(p)), onlyEn = en.filter((p) => !zh.includes(p));
  if (onlyZh.length || onlyEn.length) {
    problems.push(`the two languages must name the same values: only in zh ${JSON.stringify(onlyZh)}, only in en ${JSON.stringify(onlyEn)}`);
  }
  for (const lang of /** @type {const} */ (['zh', 'en'])) {
    const fixed = t[lang].replace(PLACEHOLDER, '§'); // § stands for a value: no token of its own
    if (/["“”`'‘’「」]/.test(fixed.replace(/(?<=\S)'(?=[a-z])/g, ''))) problems.push(`${lang}: a quoted value in the fixed text: make it a placeholder (${JSON.stringify(t[lang])})`);
    // tokens: runs of Latin letters, digits and the punctuation values are made of
    for (const m of fixed.matchAll(/[A-Za-z0-9][A-Za-z0-9./@:_>+-]*[A-Za-z0-9/]|[A-Za-z0-9]|\/[A-Za-z0-9][\w./-]*/g)) {
      const token = m[0];
      if (VOCABULARY.has(token) || fieldNames.has(token)) continue;
      const value = /\d/.test(token) || /[./@:_>]/.test(token);
      // Chinese text has no Latin words of its own: every one not in the vocabulary is a value
      if (value || lang === 'zh') problems.push(`${lang}: "${token}" is a value written into the sentence: make it a placeholder filled from what the run observed`);
      // English: a capitalised word inside the sentence is a name (a tag, a user), unless it is vocabulary
      else if (/^[A-Z]/.test(token) && m.index > 0 && !/[.;:]\s*$/.test(fixed.slice(0, m.index))) {
        problems.push(`en: "${token}" looks like a name written into the sentence: make it a placeholder, or add it to VOCABULARY if it is a protocol's name`);
      }
    }
  }
  return problems;
}

/** @typedef {string | number | boolean | {zh: string, en: string}} Value a value a run observed; {zh, en} for one said in words */
/** @typedef {Record<string, Value | Value[]>} Observations */

/** @param {Value} v @param {'zh' | 'en'} lang */
const show = (v, lang) => (typeof v === 'object' ? v[lang] : String(v));

/** A list in a language: "a、b 和 c" / "a, b and c". @param {string[]} items @param {'zh' | 'en'} lang */
function list(items, lang) {
  if (items.length < 2) return items.join('');
  const head = items.slice(0, -1).join(lang === 'zh' ? '、' : ', ');
  // Chinese: a space between Latin and Chinese text, none between Chinese characters
  return lang === 'zh' ? `${head} 和 ${items.at(-1)}`.replace(/([^\x00-\x7f]) 和/, '$1和').replace(/和 ([^\x00-\x7f])/, '和$1') : `${head} and ${items.at(-1)}`;
}

/**
 * The sentence in both languages, every placeholder filled from the observations; throws, naming
 * what is missing or wrong, when a placeholder has no observation or the template names a value.
 * @param {{zh: string, en: string}} t @param {Observations} seen @param {Set<string>} [fieldNames] as for templateProblems
 * @returns {{zh: string, en: string}}
 */
export function renderProof(t, seen, fieldNames = new Set()) {
  const problems = templateProblems(t, fieldNames);
  for (const p of placeholders(`${t.zh} ${t.en}`)) {
    if (!Object.hasOwn(seen, p)) problems.push(`{${p}}: the run observed no value for it (the check records it: lab.saw, lab.expect's values, a named group in lab.accessLine)`);
  }
  if (problems.length) throw new Error(`the proof sentence cannot be made:\n  ${problems.join('\n  ')}`);
  /** @param {'zh' | 'en'} lang */
  const fill = (lang) => t[lang].replace(PLACEHOLDER, (_, key) => {
    const v = seen[key];
    return Array.isArray(v) ? list(v.map((x) => show(x, lang)), lang) : show(/** @type {Value} */ (v), lang);
  });
  return {zh: fill('zh'), en: fill('en')};
}

/**
 * Adds observations to a record: a key seen again with another value becomes a list of the values
 * in the order seen (the same value twice stays one).
 * @param {Observations} into @param {Observations} values
 */
export function addObservations(into, values) {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null) continue;
    const have = into[k];
    const all = [...(have === undefined ? [] : [have].flat()), ...[v].flat()];
    const unique = all.filter((x, i) => all.findIndex((y) => JSON.stringify(y) === JSON.stringify(x)) === i);
    into[k] = unique.length === 1 ? /** @type {Value} */ (unique[0]) : unique;
  }
}

/** Every key of a configuration, at any depth (the field names a sentence may use as words). @param {unknown} config */
export function fieldNamesOf(config) {
  /** @type {Set<string>} */
  const names = new Set();
  /** @param {unknown} v */
  const walk = (v) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) { names.add(k); walk(x); }
  };
  walk(config);
  return names;
}
