// normalizeTokens (src/prism): Prism's nested token stream as lines of flat tokens, as
// prism-react-renderer 2.4.1 gives them to theme-classic's CodeBlock.
import './docusaurus-aliases.cjs';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {Prism, normalizeTokens} from '../../src/prism';

const emptyLine = [{types: ['plain'], content: '\n', empty: true}];

test('empty code is one empty line that keeps a line\'s height', () => {
  assert.deepEqual(normalizeTokens([]), [emptyLine]);
  assert.deepEqual(normalizeTokens(['']), [emptyLine]);
});

test('plain text is split into lines at \\n, \\r\\n and \\r; a trailing newline gives an empty last line', () => {
  assert.deepEqual(normalizeTokens(['a\nb\r\nc\rd\n']), [
    [{types: ['plain'], content: 'a'}], [{types: ['plain'], content: 'b'}],
    [{types: ['plain'], content: 'c'}], [{types: ['plain'], content: 'd'}], emptyLine,
  ]);
});

test('blank lines between text are marked empty', () => {
  assert.deepEqual(normalizeTokens(['a\n\nb']), [[{types: ['plain'], content: 'a'}], emptyLine, [{types: ['plain'], content: 'b'}]]);
});

test('nested tokens carry their chain of types, an alias after its type, a repeated type once', () => {
  const stream = [new Prism.Token('string', [new Prism.Token('string', 'x'), new Prism.Token('punctuation', '"', 'quote')]), ' '];
  assert.deepEqual(normalizeTokens(stream), [[
    {types: ['string'], content: 'x'},
    {types: ['string', 'punctuation', 'quote'], content: '"'},
    {types: ['plain'], content: ' '},
  ]]);
});

test('a token spanning lines is split, each part keeping its types', () => {
  assert.deepEqual(normalizeTokens([new Prism.Token('comment', '/* a\nb */')]), [
    [{types: ['comment'], content: '/* a'}], [{types: ['comment'], content: 'b */'}],
  ]);
});

test('real JSON through the site\'s Prism: a property token, punctuation and text', () => {
  const grammar = Prism.languages.json;
  assert.ok(grammar, 'json grammar is loaded');
  const lines = normalizeTokens(Prism.tokenize('{\n  "port": 1080\n}', grammar!));
  assert.equal(lines.length, 3);
  assert.ok(lines[1]!.some((t) => t.types.includes('property') && t.content === '"port"'));
  assert.ok(lines[1]!.some((t) => t.types.includes('number') && t.content === '1080'));
  assert.equal(lines.map((line) => line.map((t) => t.content).join('')).join('\n'), '{\n  "port": 1080\n}');
});
