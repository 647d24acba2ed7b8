/**
 * Adds our Table to theme-classic's MDX components (the documented way to extend MDX scope;
 * the swizzle CLI refuses to wrap this object). Tool and Uuid are not here on purpose: pages
 * import them, which keeps them out of the main bundle (STYLE: Components).
 *
 * Leaner than theme-classic 3.10.2 for the two most frequent elements of a reference page, each
 * one React component fewer to hydrate: inline code is written as <code> (upstream goes through
 * CodeInline, a pass-through meant for swizzling) and list items as <li> (upstream's MDXLi reads
 * two contexts only to give an item with an id, a footnote, the anchor class that keeps it below
 * the sticky navbar; custom.css gives `.markdown li[id]` the same scroll margin). On
 * /config/routing.html: 392 inline codes and 119 list items.
 *
 * StaticBlock is here because src/plugins/staticBlocks writes it into every page (a paragraph,
 * list, table or quote of plain Markdown as one element with its inside as HTML).
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import CodeBlock from '@theme/CodeBlock';
import StaticBlock from '@site/src/components/StaticBlock';
import Table from './Table';

type CodeProps = ComponentProps<'code'>;

/** As theme-classic's MDXCode: code without a line break is inline, anything else a block. */
export function isInlineCode(children: ReactNode): boolean {
  return typeof children !== 'undefined'
    && React.Children.toArray(children).every((el) => typeof el === 'string' && !el.includes('\n'));
}

function Code(props: CodeProps): ReactNode {
  return isInlineCode(props.children) ? <code {...props} /> : <CodeBlock {...(props as ComponentProps<typeof CodeBlock>)} />;
}

export default {...MDXComponents, table: Table, code: Code, li: 'li', StaticBlock};
