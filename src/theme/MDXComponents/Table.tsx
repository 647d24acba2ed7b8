import React, {useEffect, useRef, useState, type ComponentProps, type ReactNode} from 'react';
import {skippedPart, whenLaidOut} from '@site/src/utils/skippedPart';

export type Props = ComponentProps<'table'>;

/**
 * A Markdown table. Infima lets a wide table scroll sideways inside itself; a reader without a
 * mouse can only scroll what can take focus, so a table that overflows is focusable (axe
 * scrollable-region-focusable), and one that fits is not, once measured.
 *
 * The server does not know the width, and a table far from the screen is not laid out
 * (content-visibility: auto, src/css/custom.css): measuring it would lay it out, the cost the rule
 * avoids. So every table starts focusable in the server's markup, and is measured when it is laid
 * out, on mount for one near the screen, later for the others. A table still unmeasured, wide or
 * not, is reachable from the keyboard; one measured while it has the focus (the keyboard reached
 * it before it came near) keeps its tab stop until the focus leaves, so that focus never drops to
 * the page.
 */
export default function Table(props: Props): ReactNode {
  const ref = useRef<HTMLTableElement>(null);
  const [focusable, setFocusable] = useState(true);
  useEffect(() => {
    const table = ref.current;
    if (!table) return undefined;
    let waiting: (() => void) | null = null;
    const measure = () => {
      if (waiting) return;
      const part = skippedPart(table);
      if (part) {
        waiting = whenLaidOut(part, () => {
          waiting = null;
          measure();
        });
        return;
      }
      const overflows = table.scrollWidth > table.clientWidth;
      if (overflows || document.activeElement !== table) setFocusable(overflows);
      else table.addEventListener('blur', measure, {once: true});
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(table);
    return () => {
      observer.disconnect();
      waiting?.();
      table.removeEventListener('blur', measure);
    };
  }, []);
  return <table ref={ref} {...props} {...(focusable ? {tabIndex: 0} : {})} />;
}
