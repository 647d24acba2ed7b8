/**
 * Alt+Right opens the next docs page and Alt+Left the previous one (spec §4), by following the
 * page's own previous/next links, so client-side routing and the locale stay as they are.
 * Never while the reader types in a field.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {isTypingTarget} from '@site/src/utils/keyboard';

function onKeyDown(event: KeyboardEvent): void {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) return;
  if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
  if (isTypingTarget(event.target)) return;
  const which = event.key === 'ArrowRight' ? 'next' : 'prev';
  const link = document.querySelector<HTMLAnchorElement>(`nav.pagination-nav a.pagination-nav__link--${which}`);
  if (!link) return;
  // Alt+Left/Right are also the browser's back/forward: on a docs page they mean prev/next.
  event.preventDefault();
  link.click();
}

if (ExecutionEnvironment.canUseDOM) {
  document.addEventListener('keydown', onKeyDown);
}
