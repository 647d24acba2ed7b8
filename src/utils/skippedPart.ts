/**
 * The article's blocks far from the screen are neither styled nor laid out until they come near
 * (`content-visibility: auto` on `.markdown > *`, src/css/custom.css). Reading the size of
 * anything inside such a block (scrollWidth, clientWidth) lays that block out on the spot, which
 * is the cost the rule avoids (bench/README.md). These two let a component measure its element
 * once its part of the article is laid out instead (the code blocks' word-wrap button, a wide
 * table's tab stop).
 */

/**
 * The part of the article whose content the browser skips and that holds `element`'s content,
 * else null. The part may be `element` itself (a table directly in the article): its own box is
 * laid out (with a placeholder height), its content is not, so the test is on its first child.
 * Something in a hidden tab has no box at all and is not skipped in this sense (it measures as
 * nothing, and again when the tab shows).
 */
export function skippedPart(element: Element): Element | null {
  const probe = element.firstElementChild ?? element;
  if (typeof probe.checkVisibility !== 'function' || !probe.checkVisibility()) return null;
  if (probe.checkVisibility({contentVisibilityAuto: true})) return null;
  const part = probe.closest('.markdown > *');
  return part && 'oncontentvisibilityautostatechange' in part ? part : null;
}

/** Calls `callback` once `part` is laid out; returns the function that stops waiting. */
export function whenLaidOut(part: Element, callback: () => void): () => void {
  const laidOut = (event: Event) => {
    if ((event as Event & {skipped?: boolean}).skipped) return;
    stop();
    callback();
  };
  const stop = () => part.removeEventListener('contentvisibilityautostatechange', laidOut);
  part.addEventListener('contentvisibilityautostatechange', laidOut);
  return stop;
}
