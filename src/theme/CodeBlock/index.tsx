/**
 * Replaces @docusaurus/theme-classic 3.10.2 CodeBlock (ejected, 20 lines: CodeBlock below).
 * - A block whose fence meta says `collapsed` (```json collapsed) starts collapsed to a few lines
 *   and toggles with a button.
 * - The original remounts every block once the page has hydrated (a `key` that flips with
 *   useIsBrowser), because its token colours were inline styles of the light theme on the
 *   server. This site's colours are CSS by colour mode (src/plugins/prismColours/themes.ts), so the server's
 *   HTML is already right and the remount is dropped: on /config/routing.html it re-tokenized
 *   and re-created every block, ~60 ms of blocking script after load.
 */
import React, {isValidElement, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type {Props} from '@theme/CodeBlock';
import {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';

export type {Props};

export function isCollapsible(metastring: string | undefined): boolean {
  return /(?:^|\s)collapsed(?:\s|$)/.test(metastring ?? '');
}

/** As theme-classic: plain-string children become one string, so the block can be copied. */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((child) => isValidElement(child))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

/** theme-classic 3.10.2 CodeBlock without its post-hydration remount. */
function CodeBlock({children: rawChildren, ...props}: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  return typeof children === 'string'
    ? <StringContent {...props}>{children}</StringContent>
    : <ElementContent {...props}>{children}</ElementContent>;
}

function CollapsibleCodeBlock(props: Props): ReactNode {
  const [collapsed, setCollapsed] = useState(true);
  return (
    <div className={clsx(styles.collapsible, collapsed && styles.collapsed)}>
      <CodeBlock {...props} />
      <button
        type="button"
        className={clsx('clean-btn', styles.toggle)}
        aria-expanded={!collapsed}
        onClick={() => setCollapsed((c) => !c)}>
        {collapsed
          ? translate({id: 'site.CodeBlock.expand', message: '展开代码'})
          : translate({id: 'site.CodeBlock.collapse', message: '收起代码'})}
      </button>
    </div>
  );
}

export default function CodeBlockWrapper(props: Props): ReactNode {
  if (!isCollapsible(props.metastring)) return <CodeBlock {...props} />;
  return <CollapsibleCodeBlock {...props} />;
}
