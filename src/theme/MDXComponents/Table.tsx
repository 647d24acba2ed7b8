import React, {useEffect, useRef, useState, type ComponentProps, type ReactNode} from 'react';

export type Props = ComponentProps<'table'>;

/**
 * A Markdown table. Infima lets a wide table scroll sideways inside itself; a reader without a
 * mouse can only scroll what can take focus, so a table that overflows becomes focusable
 * (axe scrollable-region-focusable). Measured after mount: the server does not know
 * the width.
 */
export default function Table(props: Props): ReactNode {
  const ref = useRef<HTMLTableElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const table = ref.current;
    if (!table) return undefined;
    const measure = () => setOverflows(table.scrollWidth > table.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(table);
    return () => observer.disconnect();
  }, []);
  return <table ref={ref} {...props} {...(overflows ? {tabIndex: 0} : {})} />;
}
