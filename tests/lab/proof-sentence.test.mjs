// The lab's proof sentences (proofSentence.mjs), without running the lab.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {renderProof, templateProblems} from './proofSentence.mjs';

// tests/lab: a proof sentence is a template whose every value is filled from what the run
// observed (proofSentence.mjs); a value written into the fixed text fails.
test('a sentence that names a value nothing observed cannot be made', () => {
  const good = {zh: '等级 {level} 的 {user} 的流量计入统计', en: '{user}\'s traffic at level {level} is counted'};
  assert.deepEqual(renderProof(good, {user: 'alice@example.com', level: 1}),
    {zh: '等级 1 的 alice@example.com 的流量计入统计', en: 'alice@example.com\'s traffic at level 1 is counted'});
  // the planted fault: the level written into the text, observed by nothing
  const planted = {zh: '等级 1 的 {user} 的流量计入统计', en: '{user}\'s traffic at level 1 is counted'};
  assert.throws(() => renderProof(planted, {user: 'alice@example.com'}), /"1" is a value written into the sentence/);
  // the same in English only, and a path, a name, a cipher, a user without a placeholder
  assert.match(templateProblems({zh: '{user}', en: '{user} at level 1'}).join('\n'), /en: "1" is a value/);
  for (const [zh, en, value] of [
    ['路径 /ws-7d1c', 'path /ws-7d1c', '/ws-7d1c'],
    ['证书按 proxy.example.com 验证', 'the certificate verified for proxy.example.com', 'proxy.example.com'],
    ['用 aes-256-gcm 加密', 'with aes-256-gcm', 'aes-256-gcm'],
  ]) {
    assert.match(templateProblems({zh, en}).join('\n'), new RegExp(`zh: "${value}" is a value`));
    assert.match(templateProblems({zh, en}).join('\n'), new RegExp(`en: "${value}" is a value`));
  }
  assert.match(templateProblems({zh: '用户 alice 连上', en: 'the user connects'}).join('\n'), /zh: "alice" is a value/);
  // a placeholder the run never filled, and one only one language names
  assert.throws(() => renderProof({zh: '经 {path}', en: 'on {path}'}, {}), /\{path\}: the run observed no value/);
  assert.match(templateProblems({zh: '经 {path}', en: 'on the path'}).join('\n'), /must name the same values/);
  // protocol names and a configuration's own field names are words, not values
  assert.deepEqual(templateProblems({zh: '经 VMess（WebSocket + TLS）的 fallbackTag', en: 'over VMess on WebSocket and TLS, its fallbackTag'}, new Set(['fallbackTag'])), []);
  // several values observed for one placeholder are listed in each language
  assert.deepEqual(renderProof({zh: '{who} 连上', en: '{who} connect'}, {who: ['a', 'b', 'c']}), {zh: 'a、b 和 c 连上', en: 'a, b and c connect'});
});
