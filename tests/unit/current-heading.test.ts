// currentHeading (src/clientModules/headingTracking): the heading being read is the
// last one whose top is within 5 px of where a jump to its anchor puts it (its scroll-margin-top).
import './docusaurus-aliases.cjs';
import {test, afterEach} from 'node:test';
import assert from 'node:assert/strict';
import {currentHeading} from '../../src/clientModules/headingTracking';

type FakeHeading = {id: string; top: number; scrollMarginTop: string};
const globals = globalThis as unknown as {document?: unknown; getComputedStyle?: unknown};

/** The page's headings in document order, as the module queries and measures them. */
function page(headings: FakeHeading[]): void {
  const elements = headings.map((h) => ({id: h.id, getBoundingClientRect: () => ({top: h.top}), margin: h.scrollMarginTop}));
  globals.document = {querySelectorAll: () => elements};
  globals.getComputedStyle = (el: {margin: string}) => ({scrollMarginTop: el.margin});
}
const heading = (id: string, top: number, scrollMarginTop = '76px'): FakeHeading => ({id, top, scrollMarginTop});
const current = () => (currentHeading() as unknown as {id: string} | null)?.id ?? null;

afterEach(() => {
  delete globals.document;
  delete globals.getComputedStyle;
});

test('a page without headings has no current heading', () => {
  page([]);
  assert.equal(current(), null);
});

test('above the first heading there is none', () => {
  page([heading('settings', 400), heading('ruleobject', 1200)]);
  assert.equal(current(), null);
});

test('the last heading scrolled up to its place is current', () => {
  page([heading('routingobject', -900), heading('settings', 20), heading('ruleobject', 600)]);
  assert.equal(current(), 'settings');
});

test('a heading counts within 5 px of its place: 81 px under a 76 px margin counts, 82 px does not', () => {
  page([heading('settings', -300), heading('ruleobject', 81)]);
  assert.equal(current(), 'ruleobject');
  page([heading('settings', -300), heading('ruleobject', 82)]);
  assert.equal(current(), 'settings');
  page([heading('settings', -300), heading('ruleobject', 81.5)]);
  assert.equal(current(), 'settings');
});

test('without a scroll margin (empty or unparsable) the place is the top of the window', () => {
  page([heading('a', 5, ''), heading('b', 6, '')]);
  assert.equal(current(), 'a');
  page([heading('a', 5, 'auto')]);
  assert.equal(current(), 'a');
});

test('headings are read in document order: the first one still below ends the search', () => {
  page([heading('a', -100), heading('b', 500), heading('c', -50)]);
  assert.equal(current(), 'a');
});
