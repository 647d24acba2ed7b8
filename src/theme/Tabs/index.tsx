/**
 * Wraps @docusaurus/theme-classic 3.10.2 Tabs (--danger: unsafe to wrap).
 * The chosen tab is remembered per group id, with separate keys for code tabs and plain
 * tabs. `<Tabs groupId="os" code>` marks a group whose tabs each hold only a code block; it is
 * stored as `docusaurus.tab.code.os`, plain groups as upstream's `docusaurus.tab.os`, so picking
 * Linux in a code group never switches a plain group of the same id (or the other way round).
 */
import React, {type ReactNode} from 'react';
import Tabs from '@theme-original/Tabs';
import type {Props as TabsProps} from '@theme/Tabs';

export type Props = TabsProps & {
  /** Every tab holds only a code block: remembered apart from plain tabs of the same group id. */
  readonly code?: boolean;
};

export function storageGroupId(groupId: string | undefined, code: boolean): string | undefined {
  return groupId && code ? `code.${groupId}` : groupId;
}

export default function TabsWrapper({code = false, groupId, ...props}: Props): ReactNode {
  return <Tabs {...props} groupId={storageGroupId(groupId, code)} />;
}
