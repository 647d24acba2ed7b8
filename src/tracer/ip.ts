/** IP addresses and CIDRs, parsed the way v2ray-core v5.52.0 common/net does. */

export type IP = Uint8Array; // 4 bytes (IPv4) or 16 bytes (IPv6)
export type Cidr = {ip: IP; prefix: number};

function parseV4(s: string): IP | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  const out = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const p = parts[i] ?? '';
    if (!/^\d{1,3}$/.test(p) || (p.length > 1 && p[0] === '0')) return null;
    const n = Number(p);
    if (n > 255) return null;
    out[i] = n;
  }
  return out;
}

function parseV6(s: string): IP | null {
  let str = s;
  if (str.includes('%')) return null;
  if (str.includes('.')) { // a trailing dotted IPv4 part becomes two hex groups
    const lastColon = str.lastIndexOf(':');
    const v4 = parseV4(str.slice(lastColon + 1));
    if (!v4) return null;
    const [a = 0, b = 0, c = 0, d = 0] = v4;
    str = str.slice(0, lastColon + 1) + ((a << 8) | b).toString(16) + ':' + ((c << 8) | d).toString(16);
  }
  const halves = str.split('::');
  if (halves.length > 2) return null;
  const group = (h: string): number[] | null => {
    if (h === '') return [];
    const out: number[] = [];
    for (const g of h.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
      out.push(parseInt(g, 16));
    }
    return out;
  };
  const head = group(halves[0] ?? '');
  const rest = halves.length === 2 ? group(halves[1] ?? '') : [];
  if (!head || !rest) return null;
  let words: number[];
  if (halves.length === 2) {
    if (head.length + rest.length > 7) return null;
    words = [...head, ...new Array<number>(8 - head.length - rest.length).fill(0), ...rest];
  } else {
    words = head;
  }
  if (words.length !== 8) return null;
  const out = new Uint8Array(16);
  words.forEach((w, i) => { out[2 * i] = w >> 8; out[2 * i + 1] = w & 0xff; });
  return out;
}

/**
 * common/net/address.go ParseAddress: an IPv4-mapped IPv6 address counts as IPv4 (To4), brackets
 * around IPv6 are dropped; anything else is a domain (null here).
 */
export function parseIP(input: string): IP | null {
  let s = input.trim();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  const v4 = parseV4(s);
  if (v4) return v4;
  const v6 = parseV6(s);
  if (!v6) return null;
  if (v6.slice(0, 10).every((b) => b === 0) && v6[10] === 0xff && v6[11] === 0xff) return v6.slice(12);
  return v6;
}

export function formatIP(ip: IP): string {
  if (ip.length === 4) return [...ip].join('.');
  const words: string[] = [];
  for (let i = 0; i < 16; i += 2) words.push((((ip[i] ?? 0) << 8) | (ip[i + 1] ?? 0)).toString(16));
  // longest run of zero words becomes '::'
  let best = -1, bestLen = 0;
  for (let i = 0; i < 8;) {
    if (words[i] !== '0') { i++; continue; }
    let j = i;
    while (j < 8 && words[j] === '0') j++;
    if (j - i > bestLen && j - i > 1) { best = i; bestLen = j - i; }
    i = j;
  }
  if (best < 0) return words.join(':');
  return words.slice(0, best).join(':') + '::' + words.slice(best + bestLen).join(':');
}

export function cidrContains(c: Cidr, ip: IP): boolean {
  if (c.ip.length !== ip.length) return false;
  const bits = Math.min(c.prefix, ip.length * 8);
  for (let i = 0; i < bits; i++) {
    const byte = i >> 3, mask = 0x80 >> (i & 7);
    if (((c.ip[byte] ?? 0) & mask) !== ((ip[byte] ?? 0) & mask)) return false;
  }
  return true;
}

export function formatCidr(c: Cidr): string {
  return `${formatIP(c.ip)}/${c.prefix}`;
}

/**
 * infra/conf/rule/rule.go:333 ParseIP: "addr" or "addr/bits"; IPv4 at most 32 bits, IPv6 at most
 * 128; the prefix defaults to the full length.
 */
export function parseCidr(s: string): Cidr {
  const i = s.indexOf('/');
  const addr = i < 0 ? s : s.slice(0, i);
  const mask = i < 0 ? '' : s.slice(i + 1);
  const ip = parseIP(addr);
  if (!ip) throw new Error(`unsupported address for router: ${s}`);
  const max = ip.length * 8;
  let bits = max;
  if (mask.length > 0) {
    if (!/^\d+$/.test(mask)) throw new Error(`invalid network mask for router: ${mask}`);
    bits = Number(mask);
  }
  if (bits > max) throw new Error(`invalid network mask for router: ${bits}`);
  return {ip, prefix: bits};
}

/**
 * app/router/condition_geoip.go:19 Init: an IPv4-mapped IPv6 CIDR is unmapped (:26) before it is
 * added; :71 Match looks an IPv4 address up among IPv4 CIDRs only and an IPv6 one among IPv6 ones.
 */
export function normaliseCidr(c: Cidr): Cidr {
  const ip = c.ip;
  if (ip.length === 16 && ip.slice(0, 10).every((b) => b === 0) && ip[10] === 0xff && ip[11] === 0xff) {
    return {ip: ip.slice(12), prefix: c.prefix};
  }
  return c;
}
