import {test} from 'node:test';
import assert from 'node:assert/strict';
import {configFromHash, undecodableTraceHash} from '../../src/utils/traceHash';
import {traceHref} from '../../src/plugins/traceLink';
import {wellFormedHash} from '../../src/utils/hash';

test('a #trace= fragment holding JSON is laid out two spaces per level', () => {
  const hash = `#trace=${encodeURIComponent('{"routing":{"rules":[]}}')}`;
  assert.equal(configFromHash(hash), '{\n  "routing": {\n    "rules": []\n  }\n}');
});

test('a #trace= fragment that is not JSON comes as it is, for the checker to point at', () => {
  assert.equal(configFromHash(`#trace=${encodeURIComponent('{"routing": ')}`), '{"routing": ');
});

test('other fragments and undecodable ones give nothing', () => {
  assert.equal(configFromHash('#ruleobject'), null);
  assert.equal(configFromHash('#trace=%E0%A4%A'), null);
});

test('a #trace= fragment that cannot be decoded is told apart from other fragments', () => {
  assert.equal(undecodableTraceHash('#trace=%E0%A4%A'), true);
  assert.equal(undecodableTraceHash('#trace=%7B%22a'), false);
  assert.equal(undecodableTraceHash('#ruleobject%'), false);
});

test('the rewritten form of an undecodable #trace= fragment is one too', () => {
  const rewritten = wellFormedHash('#trace=%7B%22routing%E0%A4%A');
  assert.ok(rewritten);
  assert.equal(undecodableTraceHash(rewritten), true);
  assert.equal(configFromHash(rewritten), null);
});

test('the link the build writes (traceLink) is read back by the checker: one prefix for both', () => {
  const config = {routing: {rules: [{type: 'field', domain: ['geosite:cn'], outboundTag: 'direct'}]}};
  const href = traceHref(config);
  assert.ok(href.startsWith('pathname:///awesome/config-checker#trace='));
  assert.equal(configFromHash(href.slice(href.indexOf('#'))), JSON.stringify(config, null, 2));
});
