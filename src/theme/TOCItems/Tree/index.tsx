/**
 * Ejected from @docusaurus/theme-classic 3.10.2, TOCItems/Tree. Changed (CUSTOM): the tree is one
 * <ul> whose inside is an HTML string (./treeHtml.ts writes the markup upstream's components
 * render), which React keeps from the server without hydrating it, as src/components/StaticBlock
 * does for the article's paragraphs. Upstream renders a Link per heading, and each link costs an
 * <li>, a recursive tree, Link (a forwardRef with five hooks) and its <a>: on /config/routing.html
 * about 60 headings, some 300 fibers, hydrated on a phone too, where the table of contents beside
 * the article is then removed (theme-classic's DocItem/Layout renders it for 'ssr', which
 * hydration is). Nothing of the links needed React: Link writes a plain <a href="#id"> for an
 * anchor on the same page, and the highlight of the current heading (theme-common's
 * useTOCHighlight) sets classes on the DOM. The anchors are
 * still handed to the broken-link checker, as Link did.
 */
import React, {useMemo, type ReactNode} from 'react';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import type {Props} from '@theme/TOCItems/Tree';
import {tocAnchors, tocTreeHtml} from './treeHtml';

export type {Props};

function TOCItemTree({toc, className, linkClassName, isChild}: Props): ReactNode {
  const brokenLinks = useBrokenLinks();
  const html = useMemo(() => tocTreeHtml(toc, linkClassName), [toc, linkClassName]); // (CUSTOM)
  if (!toc.length) {
    return null;
  }
  tocAnchors(toc).forEach((anchor) => brokenLinks.collectLink(anchor)); // (CUSTOM) as each Link did
  // (CUSTOM) one element, its inside as HTML
  return <ul className={isChild ? undefined : className} dangerouslySetInnerHTML={{__html: html}} />;
}

// Memo only the tree root is enough
export default React.memo(TOCItemTree);
