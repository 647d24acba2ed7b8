/**
 * The article's blocks far from the screen have placeholder heights until they are first laid out
 * (content-visibility: auto in src/css/custom.css). When one above the screen gets its real height
 * (it came near after a jump by script, by the scrollbar or by the keyboard), everything below it
 * moves, and Chromium's scroll anchoring does not make up for it: a heading jumped to moved by
 * hundreds of pixels (tests/e2e/lazy-layout.spec.ts, heading-tracking.spec.ts). So this scrolls by
 * the change of every block begun above the top of the screen (under the navbar) that replaced
 * its placeholder, in the ResizeObserver
 * callback, i.e. after layout and before paint: the reader never sees the move. Only a block's
 * first change from its placeholder counts; later changes (a window resized, a diagram drawn) are
 * the browser's as before.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import type {ClientModule} from '@docusaurus/types';

/** Blocks still at their placeholder height, with that height. */
const estimated = new Map<Element, number>();
let observer: ResizeObserver | undefined;
/**
 * The scroll position before this frame's layout: scroll events are dispatched before layout, and
 * reading scrollY forces none. The browser's own scroll anchoring, run in layout, corrects some of
 * these changes (not all: on a computer, none, on a phone some), so the correction below aims at
 * a position from this one rather than adding to whatever the browser did.
 */
let lastY = 0;
/** Where the last correction scrolled to, until a scroll elsewhere. */
let steadiedY: number | undefined;

/**
 * Whether the scroll event being handled is this module's correction (the content on screen did
 * not move, so the heading tracker, src/clientModules/headingTracking.ts, does not restart its wait).
 */
export function isSteadying(): boolean {
  return steadiedY !== undefined && window.scrollY === steadiedY;
}

const blockSize = (entry: ResizeObserverEntry) => entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height;

/** The placeholder height of a block (`auto 128px` in its computed style). */
const placeholder = (block: Element) => parseFloat(getComputedStyle(block).containIntrinsicBlockSize.replace('auto', ''));

function onResize(entries: ResizeObserverEntry[]): void {
  // Document order, so that a block's place before the change discounts the changes above it.
  const changed = entries
    .filter((e) => estimated.has(e.target) && blockSize(e) !== estimated.get(e.target))
    .sort((a, b) => (a.target.compareDocumentPosition(b.target) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  // The top of what the reader sees: the bottom of the sticky navbar.
  const line = Math.max(0, document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0);
  let shift = 0;
  let above = 0;
  let lazy = false;
  for (const entry of changed) {
    const before = estimated.get(entry.target)!;
    estimated.delete(entry.target);
    observer?.unobserve(entry.target);
    const delta = blockSize(entry) - before;
    // Where it began before this layout, on the screen as it was (at lastY).
    const topBefore = entry.target.getBoundingClientRect().top + window.scrollY - above - lastY;
    above += delta;
    // Laid out because an address's #section made the whole article visible: the browser's
    // jump to it already counts the real heights.
    if (getComputedStyle(entry.target).contentVisibility !== 'auto') continue;
    lazy = true;
    // Begun above the top of what the reader sees: what follows it on screen moved by delta (a
    // placeholder there showed nothing to look at).
    if (topBefore < line) shift += delta;
  }
  if (!lazy) return;
  window.scrollTo({top: lastY + shift, behavior: 'instant'});
  lastY = window.scrollY;
  steadiedY = lastY;
}

function watch(): void {
  observer?.disconnect();
  lastY = window.scrollY;
  estimated.clear();
  const unseen = new Set(Array.from(document.querySelectorAll('article .markdown > *'))
    .filter((block) => getComputedStyle(block).contentVisibility === 'auto'));
  if (unseen.size === 0) return;
  const self = new ResizeObserver((entries) => {
    const later: ResizeObserverEntry[] = [];
    for (const entry of entries) {
      // The first report of a block: its placeholder height, or its real one if laid out already.
      if (unseen.delete(entry.target)) {
        if (blockSize(entry) === placeholder(entry.target)) estimated.set(entry.target, blockSize(entry));
        else self.unobserve(entry.target);
      } else {
        later.push(entry);
      }
    }
    onResize(later);
  });
  observer = self;
  unseen.forEach((block) => self.observe(block));
}

if (ExecutionEnvironment.canUseDOM) {
  window.addEventListener('scroll', () => {
    lastY = window.scrollY;
    // Scrolled elsewhere since the correction: the reader's.
    if (lastY !== steadiedY) steadiedY = undefined;
  }, {passive: true});
}

const clientModule: ClientModule = {
  onRouteDidUpdate() {
    if (ExecutionEnvironment.canUseDOM) watch();
  },
};
export default clientModule;
