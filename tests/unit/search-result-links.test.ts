// Local search results as links (issue 19): where a result leads, and who handles which click.
import './docusaurus-aliases.cjs';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {resultClickOwner} from '../../src/clientModules/searchResultLinks';
import {resultHref} from '../../src/plugins/searchLocalLean/SuggestionLink';

const click = (over: Partial<MouseEvent> = {}) => ({button: 0, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...over});

test('a plain left click is the search plugin\'s; any modifier or another button is the browser\'s', () => {
  assert.equal(resultClickOwner(click()), 'plugin');
  for (const over of [{ctrlKey: true}, {metaKey: true}, {shiftKey: true}, {altKey: true}, {button: 1}, {button: 2}]) {
    assert.equal(resultClickOwner(click(over)), 'browser', JSON.stringify(over));
  }
});

test('a result leads to its page, plus the section hash when it has one', () => {
  assert.equal(resultHref({document: {u: '/config/routing', h: '#ruleobject'}}), '/config/routing#ruleobject');
  assert.equal(resultHref({document: {u: '/en_US/guide/start'}}), '/en_US/guide/start');
  assert.equal(resultHref({document: {u: '/config/dns', h: ''}}), '/config/dns');
});
