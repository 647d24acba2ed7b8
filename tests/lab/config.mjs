// The configuration a scenario's role runs: the page's block with the lab's substitutions.
import {join} from 'node:path';

/**
 * @typedef {{
 *   ports: Map<number, number>,
 *   cert: {certFile: string, keyFile: string, certLines: string[], keyLines: string[]},
 *   dir: string,
 *   role: string,
 *   replace?: Record<string, string>,
 *   v5?: boolean,
 * }} Substitution `v5`: the configuration is in the v5 format (run with -format jsonv5)
 */

/**
 * The configuration handed to v2ray: the page's value with the scenario's substitutions, and
 * nothing else changed apart from where the logs go.
 * - a number listed in the scenario's ports becomes that port's lab number, where it is a port:
 *   a "port" field (number or numeric string), a "listenPort" (the browser forwarder's page) or a
 *   fallback "dest" (number or "host:port");
 * - certificateFile/keyFile become the lab's certificate (signed by the lab CA), inline
 *   certificate/key lines its PEM;
 * - a string equal to a key of `replace` becomes its value (domain socket paths, addresses);
 * - "log" is set to debug level with access and error files in the scenario's folder, so the
 *   run can be observed (the level changes no behaviour), in the configuration's own format:
 *   v4 {loglevel, access, error}; v5 app/log's Config, {access, error} each a LogSpecification
 *   {type: "File", path, level} (app/log/config.proto, v2ray-core v5.52.0).
 * @param {unknown} value @param {Substitution} s
 */
export function prepareConfig(value, s) {
  /** @param {unknown} v @param {string} key @returns {unknown} */
  const walk = (v, key) => {
    if (Array.isArray(v)) {
      if (key === 'certificate' && v.every((x) => typeof x === 'string')) return s.cert.certLines;
      if (key === 'key' && v.every((x) => typeof x === 'string')) return s.cert.keyLines;
      return v.map((x) => walk(x, key));
    }
    if (v && typeof v === 'object') {
      /** @type {Record<string, unknown>} */
      const out = {};
      for (const [k, x] of Object.entries(v)) {
        if (k === 'certificateFile' && typeof x === 'string') out[k] = s.cert.certFile;
        else if (k === 'keyFile' && typeof x === 'string') out[k] = s.cert.keyFile;
        else out[k] = walk(x, k);
      }
      return out;
    }
    if (typeof v === 'string' && s.replace && Object.hasOwn(s.replace, v)) return s.replace[v];
    if (key === 'port' || key === 'listenPort' || key === 'dest') {
      if (typeof v === 'number') return s.ports.get(v) ?? v;
      if (typeof v === 'string' && /^\d+$/.test(v)) return String(s.ports.get(Number(v)) ?? v);
      const hp = typeof v === 'string' ? /^(.*):(\d+)$/.exec(v) : null;
      if (hp && key === 'dest' && s.ports.has(Number(hp[2]))) return `${hp[1]}:${s.ports.get(Number(hp[2]))}`;
    }
    return v;
  };
  const out = /** @type {Record<string, unknown>} */ (walk(value, ''));
  const access = join(s.dir, `${s.role}-access.log`), error = join(s.dir, `${s.role}-error.log`);
  out.log = s.v5
    ? {access: {type: 'File', path: access}, error: {type: 'File', path: error, level: 'Debug'}}
    : {loglevel: 'debug', access, error};
  return out;
}
