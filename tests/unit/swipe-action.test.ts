// swipeAction (src/theme/Navbar/MobileSidebar): a swipe to the right that starts
// within 80 px of the left edge and moves more than 40 px, mostly sideways, opens the menu; a
// swipe to the left of more than 40 px closes it.
import './docusaurus-aliases.cjs';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {swipeAction} from '../../src/theme/Navbar/MobileSidebar';

const from = (x: number, y = 300) => ({x, y});

test('a rightward swipe from the left edge opens the closed menu', () => {
  assert.equal(swipeAction(from(10), from(200), false), 'open');
  assert.equal(swipeAction(from(0), from(41), false), 'open');
});

test('the swipe must start within 80 px of the edge: 80 opens, 81 does not', () => {
  assert.equal(swipeAction(from(80), from(200), false), 'open');
  assert.equal(swipeAction(from(81), from(200), false), null);
});

test('the swipe must move more than 40 px: 40 does nothing, 41 acts', () => {
  assert.equal(swipeAction(from(10), from(50), false), null);
  assert.equal(swipeAction(from(10), from(51), false), 'open');
  assert.equal(swipeAction(from(300), from(260), true), null);
  assert.equal(swipeAction(from(300), from(259), true), 'close');
});

test('a swipe as much down as sideways (45°) or more is a scroll, not a swipe', () => {
  assert.equal(swipeAction({x: 10, y: 100}, {x: 110, y: 200}, false), null);
  assert.equal(swipeAction({x: 10, y: 100}, {x: 110, y: 199}, false), 'open');
  assert.equal(swipeAction({x: 300, y: 100}, {x: 200, y: 0}, true), null);
  assert.equal(swipeAction({x: 10, y: 100}, {x: 10, y: 400}, false), null);
});

test('a leftward swipe closes the open menu, from anywhere', () => {
  assert.equal(swipeAction(from(700), from(100), true), 'close');
  assert.equal(swipeAction(from(60), from(10), true), 'close');
});

test('a swipe in the direction of the current state does nothing', () => {
  assert.equal(swipeAction(from(10), from(200), true), null);
  assert.equal(swipeAction(from(200), from(10), false), null);
});

test('a tap (no movement) does nothing', () => {
  assert.equal(swipeAction(from(10), from(10), false), null);
  assert.equal(swipeAction(from(10), from(10), true), null);
});
