// The DNS wire format, just enough for the stand-ins (standins.mjs) and the clients (clients.mjs):
// one question; A and AAAA answers; the EDNS client subnet of a query. Every suite that reads or
// writes a DNS message does it with these.

/** Names of the record types the stand-ins log; any other is logged as its number. */
const TYPES = /** @type {Record<number, string>} */ ({1: 'A', 28: 'AAAA', 5: 'CNAME', 16: 'TXT', 65: 'HTTPS'});

/** @param {number} type @returns {string} */
export const typeName = (type) => TYPES[type] ?? String(type);

/** @typedef {{id: number, name: string, type: number, end: number}} Query the question; `end` is the offset after it */

/** @param {Buffer} msg @returns {Query} */
export function parseQuery(msg) {
  const id = msg.readUInt16BE(0);
  let i = 12;
  const labels = [];
  while (msg[i] !== 0) {
    const len = /** @type {number} */ (msg[i]);
    labels.push(msg.subarray(i + 1, i + 1 + len).toString('latin1'));
    i += len + 1;
  }
  i += 1;
  return {id, name: labels.join('.').toLowerCase(), type: msg.readUInt16BE(i), end: i + 4};
}

/**
 * An IP address's bytes (4 or 16) as text: dotted IPv4, or IPv6 as the URL standard writes it
 * (RFC 5952: the first longest run of two or more zero words as "::"), the text of src/tracer/ip's
 * formatIP. @param {Uint8Array} ip @returns {string}
 */
export function formatIP(ip) {
  if (ip.length === 4) return [...ip].join('.');
  const words = Array.from({length: 8}, (_, g) => (((ip[2 * g] ?? 0) << 8) | (ip[2 * g + 1] ?? 0)).toString(16));
  return new URL(`http://[${words.join(':')}]/`).hostname.slice(1, -1);
}

/** 16 bytes of an IPv6 address written with "::" at most once. @param {string} a @returns {number[]} */
function ipv6Bytes(a) {
  const [head = '', tail = ''] = a.split('::');
  const h = head ? head.split(':') : [], t = tail ? tail.split(':') : [];
  const groups = [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  return groups.flatMap((g) => { const n = parseInt(g, 16); return [n >> 8, n & 0xff]; });
}

/**
 * The reply to the query `msg`: its question, then one A or AAAA record (TTL 60) per address.
 * @param {Buffer} msg @param {{id: number, end: number}} q its parseQuery()
 * @param {string[]} addresses IPv4 or IPv6 @param {number} [rcode] 0 NOERROR, 3 NXDOMAIN
 */
export function encodeReply(msg, q, addresses, rcode = 0) {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(q.id, 0);
  header.writeUInt16BE(0x8180 | rcode, 2); // response, RD+RA
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(addresses.length, 6);
  const records = addresses.map((a) => {
    const bytes = a.includes(':') ? ipv6Bytes(a) : a.split('.').map(Number);
    const r = Buffer.alloc(12 + bytes.length);
    r.writeUInt16BE(0xc00c, 0);
    r.writeUInt16BE(a.includes(':') ? 28 : 1, 2);
    r.writeUInt16BE(1, 4);
    r.writeUInt32BE(60, 6);
    r.writeUInt16BE(bytes.length, 10);
    bytes.forEach((b, k) => r.writeUInt8(b, 12 + k));
    return r;
  });
  return Buffer.concat([header, msg.subarray(12, q.end), ...records]);
}

/** A DNS query message: one question for `name`, type A unless told (random id, RD). @param {string} name @param {number} [type] */
export function dnsMessage(name, type = 1) {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(Math.floor(Math.random() * 65535), 0);
  header.writeUInt16BE(0x0100, 2);
  header.writeUInt16BE(1, 4);
  const qname = Buffer.concat([...name.split('.').map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l)])), Buffer.from([0, type >> 8, type & 0xff, 0, 1])]);
  return Buffer.concat([header, qname]);
}

/**
 * A reply's rcode and its A and AAAA records, each with its TTL.
 * @param {Buffer} reply @returns {{rcode: number, records: {type: 'A' | 'AAAA', address: string, ttl: number}[]}}
 */
export function readReply(reply) {
  /** @param {number} i offset of a (possibly compressed) name; returns the offset after it */
  const skipName = (i) => {
    while (i < reply.length) {
      const len = reply[i] ?? 0;
      if (len === 0) return i + 1;
      if (len >= 0xc0) return i + 2;
      i += len + 1;
    }
    return i;
  };
  let i = skipName(12) + 4; // the question: name, type, class
  /** @type {{type: 'A' | 'AAAA', address: string, ttl: number}[]} */
  const records = [];
  for (let k = 0; k < reply.readUInt16BE(6); k += 1) {
    i = skipName(i);
    const type = reply.readUInt16BE(i), rdlen = reply.readUInt16BE(i + 8), ttl = reply.readUInt32BE(i + 4);
    const data = reply.subarray(i + 10, i + 10 + rdlen);
    if (type === 1 || type === 28) records.push({type: type === 1 ? 'A' : 'AAAA', address: formatIP(data), ttl});
    i += 10 + rdlen;
  }
  return {rcode: reply.readUInt16BE(2) & 0xf, records};
}

/**
 * The EDNS client subnet in a query, as "a.b.c.d/len" or an IPv6 one, or '' (RFC 7871; the OPT
 * record in the additional section). @param {Buffer} msg @param {{end: number}} q its parseQuery()
 */
export function clientSubnet(msg, q) {
  try {
    if (msg.readUInt16BE(10) === 0) return '';
    let i = q.end;
    if (msg[i] !== 0 || msg.readUInt16BE(i + 1) !== 41) return '';
    const rdlen = msg.readUInt16BE(i + 9);
    i += 11;
    const stop = i + rdlen;
    while (i + 4 <= stop) {
      const code = msg.readUInt16BE(i), len = msg.readUInt16BE(i + 2);
      if (code === 8) {
        const family = msg.readUInt16BE(i + 4), prefix = /** @type {number} */ (msg[i + 6]);
        const bytes = [...msg.subarray(i + 8, i + 4 + len)];
        while (bytes.length < (family === 1 ? 4 : 16)) bytes.push(0);
        return `${formatIP(Uint8Array.from(bytes))}/${prefix}`;
      }
      i += 4 + len;
    }
  } catch { /* malformed: no subnet */ }
  return '';
}
