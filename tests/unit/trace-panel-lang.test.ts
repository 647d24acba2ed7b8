// The trace panel's texts follow the language the checker passes down (Props.lang), not the page.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {translator} from '../../src/components/TracePanel/messages';
import en from '../../src/components/TracePanel/en.json';

test('the panel speaks the language it is given, whatever <html lang> says', () => {
  const title = {id: 'title', message: '这个连接会去哪里？'};
  assert.equal(translator('zh')(title), '这个连接会去哪里？');
  assert.equal(translator('en')(title), (en as Record<string, string>).title);
  assert.notEqual(translator('en')(title), title.message);
});

test('placeholders are filled in either language; an id without English falls back to the Chinese', () => {
  const d = {id: 'ruleName', message: '规则 {n}'};
  assert.equal(translator('zh')(d, {n: 3}), '规则 3');
  assert.match(translator('en')(d, {n: 3}), /3/);
  assert.equal(translator('en')({id: 'no.such.id', message: '无'}), '无');
});
