// What the example check hands the toolkit (tests/toolkit/ gets and runs it): a throw-away
// certificate, free ports, and the field names a binary knows. Geo files: tests/toolkit/geo.mjs.
import {readFileSync} from 'node:fs';
import {execFileSync} from 'node:child_process';
import {createServer} from 'node:net';
import {join} from 'node:path';

/**
 * Every JSON key a v2ray binary declares. Go keeps struct tags in the binary: the v4 JSON structs
 * (infra/conf) and the protobuf structs that some of them unmarshal into (user level/email, VLESS
 * encryption/flow). The v4 format ignores keys it does not know, in 5.52.0 (`-format json`) as in
 * 4.34, so `test` alone would pass a misspelt or newer field; this set lets the check see them.
 * It has no context: a key is known when any struct declares it (4.34 "knows" "version" from
 * other structs, not from the Socks outbound, which took it in 4.42.2). In 4.34's binary "services" is
 * known (ApiObject.services) although the root "services" map came with v5; see
 * ROOT_KEYS_AFTER_434 in builder/facts/factsWalk.mjs.
 * @param {string} bin path of the binary
 * @returns {Set<string>}
 */
export function knownKeys(bin) {
  const text = readFileSync(bin).toString('latin1');
  // Go struct tags (json:"name") and protobuf tags (json=name, the lowerCamelCase name protojson
  // reads besides the proto name, as in the v4 "services" map)
  return new Set([...text.matchAll(/json[:=]"?([A-Za-z_@][\w@-]*)/g)].map((m) => /** @type {string} */ (m[1])));
}

/**
 * A self-signed certificate for examples that name certificate files (openssl, at test time).
 * @param {string} dir
 * @returns {{certFile: string, keyFile: string, certLines: string[], keyLines: string[]}}
 */
export function makeCertificate(dir) {
  const certFile = join(dir, 'example.crt');
  const keyFile = join(dir, 'example.key');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-days', '2', '-subj', '/CN=example.com', '-keyout', keyFile, '-out', certFile], {stdio: 'ignore'});
  const lines = (/** @type {string} */ f) => readFileSync(f, 'utf8').trim().split('\n');
  return {certFile, keyFile, certLines: lines(certFile), keyLines: lines(keyFile)};
}

/**
 * A TCP port nothing listens on right now (the system picks it).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
