/**
 * What @docusaurus/core 3.10.2's Link (lib/client/exports/Link.js) decides for one link, as pure
 * functions shared by the static blocks' rehype plugin (src/plugins/staticBlocks, at compile time)
 * and StaticBlock (at render and on click): which address the `<a>` gets, whether the link
 * navigates client-side through react-router, whether the broken-link checker hears of it, and
 * whether an external link opens in a new tab. The README's "Upgrading Docusaurus" lists Link.js
 * and isInternalUrl.js; tests/unit/static-blocks.test.ts holds these rules.
 */

/**
 * @docusaurus/utils-common 3.10.2 applyTrailingSlash (a copy: the package is Docusaurus's own,
 * not one of ours): adds or removes the slash before ?search#hash, never on / or the baseUrl,
 * never on an anchor; trailingSlash undefined leaves the address as it is.
 */
export function applyTrailingSlash(path: string, {trailingSlash, baseUrl}: {trailingSlash: boolean | undefined; baseUrl: string}): string {
  if (path.startsWith('#') || trailingSlash === undefined) return path;
  const pathname = path.split(/[#?]/)[0]!;
  let next = pathname;
  if (pathname !== '/' && pathname !== baseUrl) {
    if (trailingSlash) next = pathname.endsWith('/') ? pathname : `${pathname}/`;
    else next = pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  }
  return path.replace(pathname, next);
}

/** core isInternalUrl.js hasProtocol: a scheme (RFC 3986 3.1) or a protocol-relative `//`. */
export function hasProtocol(url: string): boolean {
  return /^(?:[A-Za-z][A-Za-z\d+.-]*:|\/\/)/.test(url);
}

export function isInternalUrl(url: string | undefined): boolean {
  return typeof url !== 'undefined' && !hasProtocol(url);
}

/** Link adds target=_blank rel="noopener noreferrer" to a link with a protocol (pathname:// too). */
export function opensNewTab(rawHref: string): boolean {
  return rawHref !== '' && !isInternalUrl(rawHref);
}

/** What Link renders for `to`/`href` = rawHref and the link's own `target` ('' when none). */
export type LinkDecision = {
  /** the `href` the `<a>` gets */
  href: string;
  /** rendered as react-router's Link: a plain click is a history push, hover/touch preloads */
  routed: boolean;
  /** Link passes the address to the broken-link checker (useBrokenLinks().collectLink) */
  collected: boolean;
};

export type SiteLinkOptions = {
  /** useBaseUrlUtils().withBaseUrl */
  withBaseUrl: (url: string) => string;
  trailingSlash: boolean | undefined;
  baseUrl: string;
};

export function decideLink(rawHref: string, ownTarget: string, site: SiteLinkOptions): LinkDecision {
  const isInternal = isInternalUrl(rawHref);
  // pathname:// marks a link Docusaurus must not route but still gives the baseUrl
  let href = rawHref.replace('pathname://', '');
  // Link: only addresses starting with / get the baseUrl automatically
  if (href.startsWith('/')) href = site.withBaseUrl(href);
  if (href && isInternal) href = applyTrailingSlash(href, {trailingSlash: site.trailingSlash, baseUrl: site.baseUrl});
  const isAnchorLink = href.startsWith('#');
  const hasInternalTarget = ownTarget === '' || ownTarget === '_self';
  const isRegularHtmlLink = !href || !isInternal || !hasInternalTarget || isAnchorLink;
  return {href, routed: !isRegularHtmlLink, collected: isAnchorLink || !isRegularHtmlLink};
}

/** An attribute value as the HTML serializer writes it (between double quotes). */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/** The block's inner HTML: the plugin's parts with each link's href between them. */
export function joinHtml(parts: readonly string[], hrefs: readonly string[]): string {
  if (parts.length !== hrefs.length + 1) throw new Error(`static block: ${parts.length} parts for ${hrefs.length} links`);
  let html = parts[0]!;
  hrefs.forEach((href, i) => {
    html += escapeAttribute(href) + parts[i + 1]!;
  });
  return html;
}

/**
 * react-router-dom 5.3.4 LinkAnchor: the clicks it turns into a history push. Anything else
 * (another button, a modifier key, a target other than _self, a download) is left to the browser.
 */
export type ClickLike = {defaultPrevented: boolean; button: number; metaKey: boolean; altKey: boolean; ctrlKey: boolean; shiftKey: boolean};

/**
 * react-router-dom 5.3.4 Link pushes a new history entry, or replaces the current one when the
 * address is the current location's (history 4's createPath of both; its pathname decoded).
 */
export function isSameLocation(to: string, current: {pathname: string; search: string; hash: string}): boolean {
  if (!to.startsWith('/')) return false;
  const hashAt = to.indexOf('#');
  const hash = hashAt === -1 ? '' : to.slice(hashAt);
  const beforeHash = hashAt === -1 ? to : to.slice(0, hashAt);
  const searchAt = beforeHash.indexOf('?');
  const search = searchAt === -1 ? '' : beforeHash.slice(searchAt);
  let pathname = searchAt === -1 ? beforeHash : beforeHash.slice(0, searchAt);
  try {
    pathname = decodeURI(pathname);
  } catch {
    // history 4 throws a URIError here; a malformed address is simply not the current one
    return false;
  }
  return pathname + (search === '?' ? '' : search) + (hash === '#' ? '' : hash) === current.pathname + current.search + current.hash;
}

export function isPlainClick(event: ClickLike, target: string | null, download: boolean): boolean {
  return !event.defaultPrevented && event.button === 0 && (!target || target === '_self')
    && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) && !download;
}
