// stripPrompts (src/theme/CodeBlock/Buttons/CopyButton): copying a shell sample drops
// its prompts, and nothing else.
import './docusaurus-aliases.cjs';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {stripPrompts} from '../../src/theme/CodeBlock/Buttons/CopyButton';

test('"$ ", "> ", "PS> " and "PS C:\\dir> " at the start of a line are dropped', () => {
  assert.equal(stripPrompts('$ v2ray run', 'bash'), 'v2ray run');
  assert.equal(stripPrompts('> v2ray version', 'shell'), 'v2ray version');
  assert.equal(stripPrompts('PS> .\\v2ray.exe run', 'powershell'), '.\\v2ray.exe run');
  assert.equal(stripPrompts('PS C:\\v2ray> .\\v2ray.exe run', 'powershell'), '.\\v2ray.exe run');
});

test('every line of a multi-line sample loses its prompt, CRLF lines too', () => {
  assert.equal(stripPrompts('$ cd v2ray\n$ ./v2ray run\n', 'bash'), 'cd v2ray\n./v2ray run\n');
  assert.equal(stripPrompts('$ a\r\n$ b', 'sh'), 'a\r\nb');
});

test('output lines, and prompts not at the start of a line, stay', () => {
  assert.equal(stripPrompts('$ v2ray version\nV2Ray 5.52.0 (x > y)', 'bash'), 'v2ray version\nV2Ray 5.52.0 (x > y)');
  assert.equal(stripPrompts('echo $ HOME', 'bash'), 'echo $ HOME');
  assert.equal(stripPrompts('  $ indented', 'bash'), '  $ indented');
});

test('a "$" or ">" without the following space is code, not a prompt', () => {
  assert.equal(stripPrompts('$HOME/v2ray', 'bash'), '$HOME/v2ray');
  assert.equal(stripPrompts('>/dev/null', 'bash'), '>/dev/null');
  assert.equal(stripPrompts('PS>x', 'powershell'), 'PS>x');
});

test('only one prompt is dropped per line', () => {
  assert.equal(stripPrompts('$ $ x', 'bash'), '$ x');
});

test('blocks in other languages are copied as written', () => {
  for (const language of ['json', 'go', 'ini', 'text', '']) {
    assert.equal(stripPrompts('$ not a prompt\n> quote', language), '$ not a prompt\n> quote', language);
  }
});

test('an empty block stays empty', () => {
  assert.equal(stripPrompts('', 'bash'), '');
  assert.equal(stripPrompts('$ ', 'bash'), '');
});
