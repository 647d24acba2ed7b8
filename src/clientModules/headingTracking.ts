/**
 * The address follows the heading being read (300 ms after scrolling stops, 5 px
 * offset): history.replaceState, so scrolling adds no history entries and the back button still
 * leaves the page. The table of contents highlights the same heading (theme-classic's own
 * useTOCHighlight).
 *
 * A heading counts as reached once its top is within 5 px of where a jump to its anchor puts it
 * (its scroll-margin-top, below the sticky navbar); so opening /page#x never rewrites #x.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import type {ClientModule} from '@docusaurus/types';
import {headingTrackingDelayMs, headingTrackingOffsetPx} from '@site/src/constants';
import {hashId} from '@site/src/utils/hash';
import {isSteadying} from './steadyEstimates';

/** The headings the table of contents lists (h2, h3 with an id). */
function headings(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>('article .markdown :is(h2, h3)[id]'));
}

export function currentHeading(): HTMLElement | null {
  let current: HTMLElement | null = null;
  for (const heading of headings()) {
    const margin = parseFloat(getComputedStyle(heading).scrollMarginTop) || 0;
    if (heading.getBoundingClientRect().top > margin + headingTrackingOffsetPx) break;
    current = heading;
  }
  return current;
}

function updateHash(): void {
  if (headings().length === 0) return;
  const heading = currentHeading();
  const hash = heading ? `#${encodeURIComponent(heading.id)}` : '';
  const {pathname, search, hash: now} = window.location;
  // The address may hold a hash the reader typed that is not valid percent-encoding.
  if (hashId(now) === hashId(hash)) return;
  window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
}

let timer: number | undefined;
function onScroll(): void {
  // Blocks laid out above the screen, made up for by src/clientModules/steadyEstimates.ts: the
  // reader did not scroll.
  if (isSteadying()) return;
  window.clearTimeout(timer);
  timer = window.setTimeout(updateHash, headingTrackingDelayMs);
}

if (ExecutionEnvironment.canUseDOM) {
  window.addEventListener('scroll', onScroll, {passive: true});
}

const clientModule: ClientModule = {
  // A new page: a pending update belongs to the old one.
  onRouteUpdate() {
    window.clearTimeout(timer);
  },
};
export default clientModule;
