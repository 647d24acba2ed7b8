import {test} from 'node:test';
import assert from 'node:assert/strict';
import {configFromHash} from '../../src/components/TracePanel/hashConfig';

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
