// The list of index files the search client loads a query word's family by (families.mjs), and the
// contract it shares with the client (src/search/indexContract.mjs `pagefindTerms`, `familyTerms`).
// The last test builds a real Pagefind index, so it fails when Pagefind's file format changes.
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {test} from 'node:test';
import {gzipSync} from 'node:zlib';

import {compareWords, familiesFile, familyTerms, pagefindTerms} from '../../src/search/indexContract.mjs';
import {decodeCbor, fileTerm, readIndexFiles, readPagefindFile} from './families.mjs';
import {buildIndex} from './pagefind.mjs';

const bytes = (/** @type {number[]} */ ...list) => Uint8Array.from(list);

test('CBOR: integers, strings, arrays, maps and tags, as Pagefind writes them', () => {
  assert.equal(decodeCbor(bytes(0x17)), 23);
  assert.equal(decodeCbor(bytes(0x18, 0xff)), 255);
  assert.equal(decodeCbor(bytes(0x19, 0x01, 0x00)), 256);
  assert.equal(decodeCbor(bytes(0x1a, 0x00, 0x01, 0x00, 0x00)), 65536);
  assert.equal(decodeCbor(bytes(0x38, 0x18)), -25);
  assert.equal(decodeCbor(bytes(0x63, 0xe8, 0xb7, 0xaf)), '路');
  assert.deepEqual(decodeCbor(bytes(0x82, 0x61, 0x61, 0x83, 0x01, 0x20, 0xf6)), ['a', [1, -1, null]]);
  assert.deepEqual(decodeCbor(bytes(0x9f, 0x01, 0xf5, 0xff)), [1, true]);
  assert.deepEqual(decodeCbor(bytes(0xa1, 0x61, 0x6b, 0x02)), new Map([['k', 2]]));
  assert.equal(decodeCbor(bytes(0xc1, 0x05)), 5);
  assert.deepEqual(decodeCbor(bytes(0x42, 0x01, 0x02)), bytes(0x01, 0x02));
});

test('CBOR that is cut short, has bytes left over or holds what Pagefind never writes is refused by name', () => {
  assert.throws(() => decodeCbor(bytes(0x82, 0x01)), /CBOR ends early, at byte 2 of 2/);
  assert.throws(() => decodeCbor(bytes(0x65, 0x61)), /CBOR ends early/);
  assert.throws(() => decodeCbor(bytes(0x01, 0x02)), /CBOR has 1 bytes after its value/);
  assert.throws(() => decodeCbor(bytes(0xf9, 0x00, 0x00)), /simple value 25/);
  assert.throws(() => decodeCbor(bytes(0x1c)), /CBOR length 28/);
});

test('a file without Pagefind\'s signature is refused, naming the file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'families-'));
  try {
    writeFileSync(join(dir, 'x.pf_meta'), gzipSync(Buffer.from('not pagefind')));
    assert.throws(() => readPagefindFile(join(dir, 'x.pf_meta')), /x\.pf_meta does not start with Pagefind's "pagefind_dcd"/);
    writeFileSync(join(dir, 'y.pf_meta'), gzipSync(Buffer.concat([Buffer.from('pagefind_dcd'), Buffer.from([0x82, 0x01, 0x02])])));
    assert.deepEqual(readPagefindFile(join(dir, 'y.pf_meta')), [1, 2]);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('what Pagefind looks up for a text: Chinese split by the segmenter, lower case, no punctuation but _, no diacritics', () => {
  assert.deepEqual(pagefindTerms('服务器', 'zh-cn'), ['服务', '器']);
  assert.deepEqual(pagefindTerms('.v5.json', 'zh-cn'), ['v5', 'json']);
  assert.deepEqual(pagefindTerms('.v5.json', 'en-us'), ['v5json']);
  assert.deepEqual(pagefindTerms('HTTP  Upgrade', 'en-us'), ['http', 'upgrade']);
  assert.deepEqual(pagefindTerms('tcp_fast_open', 'en-us'), ['tcp_fast_open']);
  assert.deepEqual(pagefindTerms('Café', 'en-us'), ['cafe']);
  assert.notDeepEqual(pagefindTerms('出站\uffff', 'zh-cn'), ['出站\uffff'], 'the segmenter splits a word + U+FFFF: why the client needs the list');
  assert.deepEqual(pagefindTerms('?!', 'en-us'), []);
});

test('words compare by code point, as Pagefind sorts them, not by UTF-16 unit', () => {
  assert.ok(compareWords('a', 'b') < 0);
  assert.ok(compareWords('ab', 'a') > 0);
  assert.equal(compareWords('路由', '路由'), 0);
  assert.ok('\u{1F600}' < '\uffff', 'JavaScript puts the emoji first');
  assert.ok(compareWords('\u{1F600}', '\uffff') > 0, 'Pagefind puts it last');
});

test('a word\'s family: the word itself, and the term of every later file that starts with it', () => {
  /** @type {import('../../src/search/indexContract.mjs').IndexFile[]} */
  const files = [['a', 'd', 'b'], ['da', 'http', 'dns'], ['http2', 'httpupgrade', 'http2'], ['httpv', 'httpz', 'httpx'], ['i', 'z', 'k']];
  assert.deepEqual(familyTerms(files, 'http'), {terms: ['http', 'http2', 'httpx'], missing: 0});
  assert.deepEqual(familyTerms(files, 'd'), {terms: ['d', 'dns'], missing: 0});
  assert.deepEqual(familyTerms(files, 'httpu'), {terms: ['httpu'], missing: 0});
  assert.deepEqual(familyTerms(files, 'zz'), {terms: ['zz'], missing: 0});
  assert.deepEqual(familyTerms([['a', 'b', 'a'], ['ba', 'bz', null]], 'b'), {terms: ['b'], missing: 1});
});

test('a file\'s term is its first word Pagefind looks up as written', () => {
  assert.equal(fileTerm(['服务器', '服务', '器'], 'zh-cn'), '服务');
  assert.equal(fileTerm(['v5.json', 'v5json'], 'en-us'), 'v5json');
  assert.equal(fileTerm(['服务器'], 'zh-cn'), null);
});

test('a real Pagefind index: the list of each language\'s files, in order, each with a term that lies in it (fails when Pagefind\'s format changes)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'families-site-'));
  try {
    // Enough words for several index files, and a family (http…) that spans them.
    const words = (prefix, count = 600) => Array.from({length: count}, (_, i) => `${prefix}${i.toString(36)}`).join(' ');
    for (const [path, lang, text] of [['a.html', 'en-US', `http ${words('http', 4000)} ${words('proxy')}`], ['zh/b.html', 'zh-CN', `路由规则 出站连接 ${words('dns')}`]]) {
      mkdirSync(join(dir, path, '..'), {recursive: true});
      writeFileSync(join(dir, path), `<!doctype html><html lang="${lang}"><head><title>t</title></head><body><article><h1>Title</h1><p>${text}</p></article></body></html>`);
    }
    const {pages, output} = await buildIndex(dir);
    assert.equal(pages, 2);
    const read = readIndexFiles(output);
    assert.deepEqual(read.map(({language}) => language).sort(), ['en-us', 'zh-cn']);
    const en = /** @type {import('../../src/search/indexContract.mjs').IndexFile[]} */ (JSON.parse(readFileSync(join(output, familiesFile('en-us')), 'utf8')));
    assert.ok(en.length >= 3, `several index files (${en.length})`);
    for (const [from, to, term] of en) {
      assert.ok(term !== null && compareWords(from, term) <= 0 && compareWords(term, to) <= 0, `${term} lies in ${from}..${to}`);
    }
    const family = familyTerms(en, 'http');
    assert.equal(family.missing, 0);
    const holding = en.filter(([from, to]) => compareWords(to, 'http') >= 0 && (compareWords(from, 'http') <= 0 || from.startsWith('http')));
    assert.ok(holding.length >= 2, 'the family spans files');
    assert.equal(family.terms.length, holding.length, 'one term for each file that holds the family');
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
