// Reads facts/config-fields.json (fields, types, values and defaults read off the v2ray-core
// source, each with the file and line it comes from; corrected where a check against the source
// found it wrong) and
// facts/config-fields-extra.json, and names the heading each documented object gets on its page.
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';

const dataDir = fileURLToPath(new URL('../../facts/', import.meta.url));

/** @param {string} name @returns {Record<string, Record<string, unknown>>} */
const load = (name) => JSON.parse(readFileSync(dataDir + name, 'utf8'));

/**
 * The facts: config-fields.json merged with config-fields-extra.json. The extra file covers the
 * v5 components added to the site after the facts snapshot was made (wireguard, h2, domainsocket,
 * dtls, request, gdocsviewer, rrpit), read off v2ray-core at the same commit and in the same shape.
 * Pages of both files merge object by object; an object or page note both files give is a conflict.
 * @type {Record<string, Record<string, unknown>>}
 */
export const facts = load('config-fields.json');
for (const [page, objects] of Object.entries(load('config-fields-extra.json'))) {
  const target = facts[page] ?? {};
  for (const [key, value] of Object.entries(objects)) {
    if (key in target) throw new Error(`config-fields-extra.json: ${page} "${key}" is already in config-fields.json`);
    target[key] = value;
  }
  facts[page] = target;
}

/** @type {{path: string, zh: string, en: string}[]} */
export const pages = JSON.parse(readFileSync(dataDir + 'pages.json', 'utf8')).pages;

/**
 * The heading text of each object a page documents, in facts order.
 * "RuleObject" stays "RuleObject"; "RootConfig (jsonv5 root)" becomes "RootConfig";
 * a protobuf name ("v2ray.core.proxy.vmess.inbound.SimplifiedConfig | jsonv5 inbound:vmess")
 * becomes its shortest dot-suffix that no other object of the page ends with
 * ("inbound.SimplifiedConfig" beside "outbound.SimplifiedConfig", else "SimplifiedConfig").
 * @param {string} pagePath
 * @returns {{key: string, heading: string, anchor: string}[]}
 */
export function objectHeadings(pagePath) {
  const page = facts[pagePath] ?? {};
  const keys = Object.keys(page).filter((k) => k !== 'note');
  const names = keys.map((k) => k.replace(/\s*\|.*$/, '').replace(/\s*\(.*\)\s*$/, '').trim());
  return keys.map((key, i) => {
    const name = names[i];
    let heading = name;
    if (name.startsWith('v2ray.core.')) {
      const segs = name.split('.');
      for (let len = 1; len <= segs.length; len += 1) {
        const suffix = segs.slice(-len).join('.');
        const clash = names.some((other, j) => j !== i && (other === suffix || other.endsWith('.' + suffix)));
        if (!clash) { heading = suffix; break; }
      }
    }
    return {key, heading, anchor: slug(heading)};
  });
}

/**
 * The field entries of every object on a page.
 * @param {string} pagePath
 * @returns {{object: string, name: string}[]}
 */
export function fieldEntries(pagePath) {
  const page = facts[pagePath] ?? {};
  return Object.entries(page)
    .filter(([k, v]) => k !== 'note' && Array.isArray(v))
    .flatMap(([object, fields]) => /** @type {{name: string}[]} */ (fields).map((f) => ({object, name: f.name})));
}

/** github-slugger as Docusaurus uses it, for the ASCII headings above. */
export function slug(text) {
  return text.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}
