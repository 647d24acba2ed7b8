// guessFormat: which reader a configuration goes to, by the top-level keys only one format has
// (infra/conf/v4/v2ray.go:291 Config and infra/conf/v5cfg/skeleton.go:13 RootConfig at v5.52.0).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {guessFormat} from '../../src/tracer/config';

test('a v4 file with top-level services is v4: v4 reads "services" too (v2ray.go:329, loaded at :489)', () => {
  const commander = {services: {commander: {tag: 'api'}}};
  assert.equal(guessFormat({routing: {rules: []}, ...commander}), 'v4');
  assert.equal(guessFormat({api: {tag: 'api'}, outbounds: [], ...commander}), 'v4');
  assert.equal(guessFormat({reverse: {}, services: {}}), 'v4');
});

test('"services" alone says nothing: a file with only keys both formats have is read as v4', () => {
  assert.equal(guessFormat({services: {}}), 'v4');
  assert.equal(guessFormat({log: {}, inbounds: [], outbounds: [], services: {}}), 'v4');
  assert.equal(guessFormat({}), 'v4');
});

test('keys only v5 has make it v5: "router", "extension", a dns with nameServer or staticHosts', () => {
  assert.equal(guessFormat({router: {}}), 'v5');
  assert.equal(guessFormat({router: {}, services: {}}), 'v5');
  assert.equal(guessFormat({extension: []}), 'v5');
  assert.equal(guessFormat({dns: {nameServer: []}}), 'v5');
  assert.equal(guessFormat({dns: {staticHosts: []}, services: {}}), 'v5');
});

test('keys of both: the format with more of its own keys wins, a tie goes to v4', () => {
  assert.equal(guessFormat({router: {}, extension: [], routing: {}}), 'v5');
  assert.equal(guessFormat({router: {}, routing: {}, policy: {}}), 'v4');
  assert.equal(guessFormat({router: {}, routing: {}}), 'v4');
});
