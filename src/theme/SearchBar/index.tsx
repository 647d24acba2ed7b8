/**
 * Wraps whichever SearchBar the build uses (--danger: theme-search-algolia has no
 * swizzle config). Docusaurus 3.10.2 spreads our props over themeConfig.algolia (PR #11581).
 * Both modes show a DocSearch modal, with a 500 ms debounce, site-relative result
 * URLs, an error screen when search fails, and a "report missing results" link:
 * - hosted (DocSearch keys at build time): Algolia, and the local index when it errors or takes
 *   more than 2 s, with a line that says so;
 * - local: the Pagefind index built into the site (LocalSearchBar and LocalSearchModal: the same
 *   look, a few KB instead of DocSearch's 110 KB modal, no Algolia host).
 */
import React, {useCallback, useEffect, useMemo, useState, type ComponentType, type ReactNode} from 'react';
import OriginalSearchBar from './OriginalSearchBar';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {DocSearchModalProps} from '@docsearch/react';
import {searchDebounceMs} from '@site/src/constants';
import {docsRepoUrl} from '@site/config/navbar';
import {htmlSuffix} from '@site/config/htmlAddress';
import {docsSetOf, searchHits, withPagefind} from '@site/src/search/localSearch';
import {emptyResult, localSearch, withFallback, type Mode, type Search} from '@site/src/search/searchClient';
import SearchScreens from './SearchScreens';
import LocalSearchBar from './LocalSearchBar';

type DocSearchProps = Partial<DocSearchModalProps>;
type SearchClient = Parameters<NonNullable<DocSearchModalProps['transformSearchClient']>>[0];
type Hit = Parameters<NonNullable<DocSearchModalProps['transformItems']>>[0][number];

const SearchBar = OriginalSearchBar as unknown as ComponentType<DocSearchProps>;

type Health = {onFailure: () => void; onSuccess: () => void; onPending?: (pending: boolean) => void};

/**
 * One request per pause in typing: each keystroke restarts the timer, and a superseded call
 * never settles (autocomplete only keeps the latest). A failed request reports itself and
 * answers "no hits", so the modal neither hangs nor throws; SearchScreens shows the error.
 * `onPending` is true from a keystroke until the latest query is answered: DocSearch shows its
 * "no results" screen meanwhile, which SearchScreens hides.
 */
export function debounceSearchClient<C extends Pick<SearchClient, 'search'>>(client: C, waitMs: number, health: Health): C {
  const search = client.search.bind(client);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest = 0;
  client.search = ((...args: Parameters<typeof search>) => new Promise((resolve) => {
    clearTimeout(timer);
    const call = ++latest;
    health.onPending?.(true);
    const settled = () => {
      if (call === latest) health.onPending?.(false);
    };
    timer = setTimeout(() => {
      search(...args).then((response) => {
        health.onSuccess();
        settled();
        resolve(response);
      }, () => {
        health.onFailure();
        settled();
        const requests = Array.isArray(args[0]) ? args[0] : (args[0] as {requests?: unknown[]}).requests ?? [args[0]];
        resolve({results: requests.map(() => emptyResult())} as unknown as Awaited<ReturnType<typeof search>>);
      });
    }, waitMs);
  })) as typeof search;
  return client;
}

/** https://www.v2fly.org/en_US/config/routing.html#x -> /en_US/config/routing#x */
export function siteRelativeUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, 'https://placeholder.invalid');
  } catch {
    // A malformed hit keeps its address: a throw here would empty the whole result list.
    return url;
  }
  const path = parsed.pathname.replace(htmlSuffix, '') || '/';
  return `${path}${parsed.search}${parsed.hash}`;
}

function transformItems(items: Hit[]): Hit[] {
  return items.map((item) => ({...item, url: siteRelativeUrl(item.url)}));
}

function missingResultsUrl({query}: {query: string}): string {
  return `${docsRepoUrl}/issues/new?title=${encodeURIComponent(`Search: ${query}`)}`;
}

/**
 * The search button's accessible name is its visible text ("搜索 Ctrl K") wherever that text shows:
 * DocSearch 4.7 labels it "搜索 (Control+k)", which leaves out what a voice-control user reads on
 * it (axe label-content-name-mismatch, WCAG 2.5.3). At 768 px and narrower DocSearch hides the
 * text and the button is an icon, so there its label stays (Lighthouse button-name). DocSearch may
 * set the label again when it learns the platform after mounting; the observer keeps up.
 */
function useButtonNamedByItsText(): void {
  useEffect(() => {
    const button = document.querySelector('.navbar .DocSearch-Button');
    if (!button) return undefined;
    // DocSearch's own breakpoint (@docsearch/css button.css); a media query, not getComputedStyle,
    // so that hydration forces no style recalculation of the whole page.
    const iconOnly = window.matchMedia('(max-width: 768px)');
    let label = button.getAttribute('aria-label');
    const update = () => {
      const current = button.getAttribute('aria-label');
      if (current !== null) label = current;
      if (!iconOnly.matches && current !== null) button.removeAttribute('aria-label');
      else if (iconOnly.matches && current === null && label) button.setAttribute('aria-label', label);
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(button, {attributes: true, attributeFilter: ['aria-label']});
    iconOnly.addEventListener('change', update);
    return () => {
      observer.disconnect();
      iconOnly.removeEventListener('change', update);
    };
  }, []);
}

/** The local index as the modal's search: the reader's docs set (from the address) ranks first. */
const localSearchFn: Search = localSearch((query) => withPagefind((pagefind) => searchHits(pagefind, query, docsSetOf(window.location.pathname))));

export default function SearchBarWrapper(props: DocSearchProps): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const hosted = siteConfig.customFields?.searchMode === 'docsearch';
  const [failed, setFailed] = useState(false);
  const [mode, setMode] = useState<Mode>('hosted');
  const [pending, setPending] = useState(false);
  const health = useMemo(() => ({onFailure: () => setFailed(true), onSuccess: () => setFailed(false), onPending: setPending}), []);
  // Hosted: Algolia first, the local index when it fails or is slow.
  const transformSearchClient = useCallback((client: SearchClient) => {
    client.search = withFallback(client.search.bind(client) as unknown as Search, localSearchFn, setMode) as unknown as typeof client.search;
    return debounceSearchClient(client, searchDebounceMs, health);
  }, [health]);
  useButtonNamedByItsText();
  if (!hosted) return <LocalSearchBar missingResultsUrl={missingResultsUrl} />;
  return (
    <>
      <SearchBar
        {...props}
        transformSearchClient={transformSearchClient}
        transformItems={transformItems}
        getMissingResultsUrl={missingResultsUrl}
      />
      <SearchScreens failed={failed} pending={pending} offline={mode === 'offline' && !failed} />
    </>
  );
}
