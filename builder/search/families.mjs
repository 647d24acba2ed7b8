/**
 * Writes, beside Pagefind's index, each language's list of index files (src/search/indexContract.mjs
 * `IndexFile`, `familiesFile`): the range of words each file holds, read from Pagefind's metadata
 * file, and a word of it that Pagefind searches as written, read from the file itself. The search
 * client preloads those words to load every file that holds words a query word begins, so that a
 * query ranks the same whatever was searched before it (src/search/localSearch.ts `loadWordFamilies`).
 *
 * Pagefind 1.6's files are gzip holding "pagefind_dcd" and then CBOR: the metadata file
 * [version, pages, index files [[first word, last word, hash], ...], ...], an index file
 * [[[word, pages, ...], ...], ...]. `readIndexFiles` fails loudly when that changes.
 */
import {readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {gunzipSync} from 'node:zlib';
import {compareWords, familiesFile, pagefindTerms} from '../../src/search/indexContract.mjs';

/**
 * The value of one CBOR item (RFC 8949): integers, strings, arrays, maps, tags (their content),
 * true, false and null, which is all Pagefind writes.
 * @param {Uint8Array} bytes
 * @returns {unknown}
 */
export function decodeCbor(bytes) {
  let at = 0;
  const text = new TextDecoder('utf-8', {fatal: true});
  const need = (/** @type {number} */ n) => {
    if (at + n > bytes.length) throw new Error(`CBOR ends early, at byte ${at} of ${bytes.length}`);
  };
  const length = (/** @type {number} */ info) => {
    if (info < 24) return info;
    const size = {24: 1, 25: 2, 26: 4, 27: 8}[info];
    if (info === 31) return -1;
    if (!size) throw new Error(`CBOR length ${info} is not one this reader knows, at byte ${at}`);
    need(size);
    let value = 0;
    for (let k = 0; k < size; k += 1) value = value * 256 + /** @type {number} */ (bytes[at + k]);
    at += size;
    return value;
  };
  /** @returns {unknown} */
  const item = () => {
    need(1);
    const first = /** @type {number} */ (bytes[at]);
    at += 1;
    const major = first >> 5;
    const info = first & 31;
    if (major === 7) {
      const simple = /** @type {Record<number, boolean | null>} */ ({20: false, 21: true, 22: null});
      if (!(info in simple)) throw new Error(`CBOR simple value ${info} is not one Pagefind writes, at byte ${at - 1}`);
      return simple[info];
    }
    const n = length(info);
    switch (major) {
      case 0: return n;
      case 1: return -1 - n;
      case 2:
      case 3: {
        if (n < 0) throw new Error(`CBOR string of unknown length at byte ${at - 1}`);
        need(n);
        const slice = bytes.subarray(at, at + n);
        at += n;
        return major === 3 ? text.decode(slice) : slice;
      }
      case 4: {
        const list = [];
        if (n < 0) {
          while ((need(1), bytes[at]) !== 0xff) list.push(item());
          at += 1;
        } else {
          for (let k = 0; k < n; k += 1) list.push(item());
        }
        return list;
      }
      case 5: {
        /** @type {Map<unknown, unknown>} */
        const map = new Map();
        for (let k = 0; n < 0 ? bytes[at] !== 0xff : k < n; k += 1) map.set(item(), item());
        if (n < 0) at += 1;
        return map;
      }
      default: return item(); // a tag: its content
    }
  };
  const value = item();
  if (at !== bytes.length) throw new Error(`CBOR has ${bytes.length - at} bytes after its value`);
  return value;
}

const signature = 'pagefind_dcd';

/**
 * The CBOR value of one of Pagefind's files (gzip, then its signature).
 * @param {string} file
 */
export function readPagefindFile(file) {
  const bytes = gunzipSync(readFileSync(file));
  if (new TextDecoder().decode(bytes.subarray(0, signature.length)) !== signature) {
    throw new Error(`${file} does not start with Pagefind's "${signature}": has Pagefind's file format changed?`);
  }
  return decodeCbor(bytes.subarray(signature.length));
}

/**
 * Each language's index files, in order, with their words: `language` is the name Pagefind gives it
 * (en-us, zh-cn: the meta file's name).
 * @param {string} output the pagefind folder
 * @returns {{language: string, files: {from: string, to: string, words: string[]}[]}[]}
 */
export function readIndexFiles(output) {
  const metas = readdirSync(output).filter((name) => /^pagefind\..+\.pf_meta$/.test(name));
  if (metas.length === 0) throw new Error(`no Pagefind metadata file (pagefind.*.pf_meta) in ${output}`);
  return metas.map((name) => {
    const language = name.replace(/^pagefind\./, '').replace(/_[0-9a-f]+\.pf_meta$/, '');
    const meta = readPagefindFile(join(output, name));
    const chunks = Array.isArray(meta) ? meta[2] : undefined;
    const valid = Array.isArray(chunks) && chunks.every((c) => Array.isArray(c) && c.length >= 3 && c.slice(0, 3).every((v) => typeof v === 'string'));
    if (!valid) throw new Error(`${name}: its third field is not a list of [first word, last word, file] index files: has Pagefind's metadata format changed?`);
    const files = /** @type {string[][]} */ (chunks).map(([from, to, hash]) => {
      const index = readPagefindFile(join(output, 'index', `${hash}.pf_index`));
      const entries = Array.isArray(index) ? index[0] : undefined;
      if (!Array.isArray(entries) || !entries.every((e) => Array.isArray(e) && typeof e[0] === 'string')) {
        throw new Error(`index/${hash}.pf_index: not a list of [word, pages] entries: has Pagefind's index format changed?`);
      }
      return {from: /** @type {string} */ (from), to: /** @type {string} */ (to), words: entries.map((e) => /** @type {string} */ (e[0]))};
    });
    for (let k = 1; k < files.length; k += 1) {
      if (compareWords(/** @type {{to: string}} */ (files[k - 1]).to, /** @type {{from: string}} */ (files[k]).from) >= 0) {
        throw new Error(`${name}: index files ${k - 1} and ${k} overlap or are out of order: has Pagefind's metadata format changed?`);
      }
    }
    return {language, files};
  });
}

/**
 * The word of an index file to preload it by: the first that Pagefind looks up as written on a page
 * of `language` (`pagefindTerms`), or null.
 * @param {string[]} words
 * @param {string} language
 */
export function fileTerm(words, language) {
  return words.find((word) => {
    const terms = pagefindTerms(word, language);
    return terms.length === 1 && terms[0] === word;
  }) ?? null;
}

/**
 * Writes each language's `familiesFile` into `output`, and returns, for each, how many index files
 * it lists and how many of them have no term.
 * @param {string} output the pagefind folder
 */
export function writeFamilies(output) {
  return readIndexFiles(output).map(({language, files}) => {
    const listed = files.map(({from, to, words}) => /** @type {import('../../src/search/indexContract.mjs').IndexFile} */ ([from, to, fileTerm(words, language)]));
    writeFileSync(join(output, familiesFile(language)), JSON.stringify(listed));
    return {language, files: listed.length, withoutTerm: listed.filter(([, , term]) => term === null).length};
  });
}
