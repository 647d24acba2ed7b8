/**
 * Wraps whichever SearchBar the build uses (issue 5; --danger: theme-search-algolia has no
 * swizzle config). Docusaurus 3.10.2 spreads our props over themeConfig.algolia (PR #11581).
 * - DocSearch: 500 ms debounce, site-relative result URLs, an error screen when the service
 *   fails, a "report missing results" link.
 * - Local search: `/` focuses the search box (the plugin itself handles Ctrl/Cmd+K).
 */
import React, {useCallback, useEffect, useState, type ComponentType, type ReactNode} from 'react';
import OriginalSearchBar from '@theme-original/SearchBar';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {DocSearchModalProps} from '@docsearch/react';
import {searchDebounceMs} from '@site/src/constants';
import {docsRepoUrl} from '@site/config/navbar';
import {htmlSuffix} from '@site/config/htmlAddress';
import {isTypingTarget} from '@site/src/utils/keyboard';
import SearchScreens from './SearchScreens';

type DocSearchProps = Partial<DocSearchModalProps>;
type SearchClient = Parameters<NonNullable<DocSearchModalProps['transformSearchClient']>>[0];
type Hit = Parameters<NonNullable<DocSearchModalProps['transformItems']>>[0][number];

const SearchBar = OriginalSearchBar as unknown as ComponentType<DocSearchProps>;

type Health = {onFailure: () => void; onSuccess: () => void};

/**
 * One request per pause in typing: each keystroke restarts the timer, and a superseded call
 * never settles (autocomplete only keeps the latest). A failed request reports itself and
 * answers "no hits", so the modal neither hangs nor throws; SearchScreens shows the error.
 */
export function debounceSearchClient(client: SearchClient, waitMs: number, health: Health): SearchClient {
  const search = client.search.bind(client);
  let timer: ReturnType<typeof setTimeout> | undefined;
  client.search = ((...args: Parameters<typeof search>) => new Promise((resolve) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      search(...args).then((response) => {
        health.onSuccess();
        resolve(response);
      }, () => {
        health.onFailure();
        const requests = Array.isArray(args[0]) ? args[0] : (args[0] as {requests?: unknown[]}).requests ?? [args[0]];
        const empty = {hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage: 0, processingTimeMS: 0, query: '', params: '', exhaustiveNbHits: true};
        resolve({results: requests.map(() => empty)} as unknown as Awaited<ReturnType<typeof search>>);
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

function useSlashFocusesLocalSearch(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      const input = document.querySelector<HTMLInputElement>('input.navbar__search-input');
      if (!input) return;
      event.preventDefault();
      input.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}

export default function SearchBarWrapper(props: DocSearchProps): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const hosted = Boolean(siteConfig.themeConfig.algolia);
  const [failed, setFailed] = useState(false);
  const transformSearchClient = useCallback((client: SearchClient) => debounceSearchClient(client, searchDebounceMs, {
    onFailure: () => setFailed(true),
    onSuccess: () => setFailed(false),
  }), []);
  useSlashFocusesLocalSearch(!hosted);
  if (!hosted) return <SearchBar {...props} />;
  return (
    <>
      <SearchBar
        {...props}
        transformSearchClient={transformSearchClient}
        transformItems={transformItems}
        getMissingResultsUrl={missingResultsUrl}
      />
      <SearchScreens failed={failed} />
    </>
  );
}
