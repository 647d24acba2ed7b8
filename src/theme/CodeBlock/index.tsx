/**
 * Wraps @docusaurus/theme-classic 3.10.2 CodeBlock: a block whose fence meta says `collapsed`
 * (```json collapsed) starts collapsed to a few lines and toggles with a button (spec §4).
 */
import React, {useState, type ReactNode} from 'react';
import clsx from 'clsx';
import CodeBlock from '@theme-original/CodeBlock';
import type {Props} from '@theme/CodeBlock';
import {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';

export type {Props};

export function isCollapsible(metastring: string | undefined): boolean {
  return /(?:^|\s)collapsed(?:\s|$)/.test(metastring ?? '');
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
