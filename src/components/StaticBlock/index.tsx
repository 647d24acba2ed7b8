/**
 * A paragraph, list, table or quote of plain Markdown, written by src/plugins/staticBlocks as
 * one element with its inside as an HTML string. React does not hydrate inside
 * dangerouslySetInnerHTML: it keeps the server's markup and creates no fiber for it, so a long
 * reference page hydrates a few hundred elements instead of thousands (bench/README.md).
 *
 * What Docusaurus's Link (core 3.10.2 lib/client/exports/Link.js) does for each of its links is
 * done here once for the block (./links.ts holds the rules):
 * - the href gets the locale's baseUrl and the trailing-slash rule, while rendering, the same on
 *   the server and in the browser (the string must not change, or React would not keep it);
 * - each address Link would hand to the broken-link checker, and each id inside, is handed to it
 *   while rendering (useBrokenLinks), so `npm run build` still fails on a broken one;
 * - one click handler on the block (React delegates it): a plain left click on a link Link would
 *   route goes through react-router's history, as react-router-dom 5.3.4's Link does; a modified,
 *   middle or other-target click, an external link and a #anchor are left to the browser;
 * - hovering or touching such a link preloads its page's code once (window.docusaurus.preload),
 *   as Link's onMouseEnter/onTouchStart do. Link's in-view prefetch does nothing on this site
 *   (src/clientModules/noViewportPrefetch.ts), so it is not repeated.
 * The i-th <a href> of the block's DOM is the i-th entry of `links` (the plugin writes them in
 * document order).
 */
import React, {useMemo, useRef, type MouseEvent, type ReactNode, type SyntheticEvent, type TouchEvent} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import {useBaseUrlUtils} from '@docusaurus/useBaseUrl';
import {useHistory} from '@docusaurus/router';
import Table from '@site/src/theme/MDXComponents/Table';
import {decideLink, isPlainClick, isSameLocation, joinHtml, type LinkDecision} from './links';

export type Props = {
  tag: 'p' | 'ul' | 'ol' | 'table' | 'blockquote';
  /** the inner HTML, cut at each link's href value */
  html: string[];
  /** [href as written in the page, the link's own target or ''] per <a href> */
  links: Array<[string, string]>;
  /** every id inside */
  ids: string[];
  className?: string;
  id?: string;
  start?: number;
  /** a table's name (src/plugins/tableNames) */
  'aria-label'?: string;
};

type DocusaurusWindow = {docusaurus?: {preload: (path: string) => unknown}};

export default function StaticBlock({tag, html, links, ids, ...attributes}: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {withBaseUrl} = useBaseUrlUtils();
  const brokenLinks = useBrokenLinks();
  const history = useHistory();
  const preloaded = useRef<Set<number>>(new Set());
  const decisions = useMemo<LinkDecision[]>(
    () => links.map(([href, target]) => decideLink(href, target, {withBaseUrl, trailingSlash: siteConfig.trailingSlash, baseUrl: siteConfig.baseUrl})),
    [links, withBaseUrl, siteConfig.trailingSlash, siteConfig.baseUrl],
  );
  const inner = useMemo(() => joinHtml(html, decisions.map((d) => d.href)), [html, decisions]);
  // as Link and Heading do, while rendering: the server's render is what the checker hears
  decisions.forEach((d) => {
    if (d.collected) brokenLinks.collectLink(d.href);
  });
  ids.forEach((id) => brokenLinks.collectAnchor(id));

  /** The routed link the event happened on, with its index, or null. */
  const routedLink = (event: SyntheticEvent<HTMLElement>): {anchor: HTMLAnchorElement; index: number} | null => {
    const anchor = (event.target as Element).closest?.('a[href]');
    if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return null;
    const index = Array.from(event.currentTarget.querySelectorAll('a[href]')).indexOf(anchor);
    return decisions[index]?.routed ? {anchor, index} : null;
  };
  const onClick = (event: MouseEvent<HTMLElement>): void => {
    const link = routedLink(event);
    if (!link || !isPlainClick(event, link.anchor.getAttribute('target'), link.anchor.hasAttribute('download'))) return;
    event.preventDefault();
    // react-router-dom 5.3.4 Link: the same address again replaces the history entry
    const to = decisions[link.index]!.href;
    if (isSameLocation(to, history.location)) history.replace(to);
    else history.push(to);
  };
  const onEnter = (event: MouseEvent<HTMLElement> | TouchEvent<HTMLElement>): void => {
    const link = routedLink(event);
    if (!link || preloaded.current.has(link.index)) return;
    preloaded.current.add(link.index);
    (window as unknown as DocusaurusWindow).docusaurus?.preload(decisions[link.index]!.href);
  };

  const props = {
    ...attributes,
    onClick,
    onMouseOver: onEnter,
    onTouchStart: onEnter,
    dangerouslySetInnerHTML: {__html: inner},
  };
  if (tag === 'table') return <Table {...props} />;
  const Tag = tag;
  return <Tag {...props} />;
}
