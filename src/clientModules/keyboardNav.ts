/**
 * Alt+Right opens the next docs page and Alt+Left the previous one, by following the
 * page's own previous/next links, so client-side routing and the locale stay as they are.
 * Never while the reader types in a field.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import type {ClientModule} from '@docusaurus/types';
import {isTypingTarget} from '@site/src/utils/keyboard';

type Direction = 'next' | 'prev';

/**
 * When a key-driven page change began, until the new page has rendered (null otherwise).
 * Docusaurus changes the address first and keeps the old page on screen while the new one's code
 * loads, so a key pressed in that gap must wait for the new page's links instead of following the
 * old page's.
 */
let changeStarted: number | null = null;
let queued: Direction | null = null;
/** A page change that never rendered (its code failed to load) stops holding keys back after this. */
const staleChangeMs = 10_000;

function follow(which: Direction): void {
  const link = document.querySelector<HTMLAnchorElement>(`nav.pagination-nav a.pagination-nav__link--${which}`);
  if (!link) return;
  if (new URL(link.href, window.location.href).pathname !== window.location.pathname) changeStarted = Date.now();
  link.click();
}

function onKeyDown(event: KeyboardEvent): void {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) return;
  if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
  if (isTypingTarget(event.target)) return;
  if (!document.querySelector('nav.pagination-nav')) return;
  // Alt+Left/Right are also the browser's back/forward: on a docs page they mean prev/next.
  event.preventDefault();
  const which: Direction = event.key === 'ArrowRight' ? 'next' : 'prev';
  if (changeStarted !== null && Date.now() - changeStarted < staleChangeMs) queued = which;
  else follow(which);
}

export const onRouteDidUpdate: ClientModule['onRouteDidUpdate'] = () => {
  changeStarted = null;
  const which = queued;
  queued = null;
  if (which) follow(which);
};

if (ExecutionEnvironment.canUseDOM) {
  document.addEventListener('keydown', onKeyDown);
}
