/**
 * The search modal of local search, loaded when the reader opens search. DocSearch's
 * own modal is 110 KB gzip (4.7, with its Ask AI client), more than Pagefind and the index
 * together; this one is a few KB and draws the same markup, so DocSearch's CSS (already in the
 * page's stylesheet) styles it and it looks the same in both search modes. It shows the page
 * groups from src/search/localSearch.ts, keeps a 500 ms pause in typing, and has the
 * screens of no results (suggested queries, a feedback link) and failure.
 */
import React, {useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import {useSearchLinkCreator} from '@docusaurus/theme-common';
import Translate, {translate} from '@docusaurus/Translate';
import translations from '@theme/SearchTranslations';
import {docsSetOf, pageHits, queryMaxLength, rankedResults, type DocSearchHit, type Pagefind, type PagefindData, type PagefindResult} from '@site/src/search/localSearch';
import {useDebouncedSearch} from '@site/src/search/useDebouncedSearch';
import {ErrorScreen, Suggestions} from './SearchScreens';
import styles from './styles.module.css';

export type Props = {initialQuery?: string; onClose: () => void; missingResultsUrl: (args: {query: string}) => string};

type State =
  | {status: 'idle'}
  | {status: 'pending'; hits: DocSearchHit[]}
  // `pages`: the fragments loaded so far, the first of `results` onwards (a page's
  // fragment is downloaded when its place in the list comes into view).
  | {status: 'done'; query: string; results: PagefindResult[]; pages: PagefindData[]; hits: DocSearchHit[]; more: boolean}
  | {status: 'failed'};

/** Hits in page groups, in rank order (a page's sections follow it). */
function groups(hits: DocSearchHit[]): {page: string; hits: DocSearchHit[]}[] {
  const out: {page: string; hits: DocSearchHit[]}[] = [];
  for (const hit of hits) {
    const last = out.at(-1);
    if (last && last.page === hit.page) last.hits.push(hit);
    else out.push({page: hit.page, hits: [hit]});
  }
  return out;
}

function done(query: string, results: PagefindResult[], pages: PagefindData[], ended: boolean): State {
  return {status: 'done', query, results, pages, hits: pages.flatMap((page, i) => pageHits(page, i)), more: !ended && pages.length < results.length};
}

/** The query's ranked results, with the first page's fragment. */
async function firstPage(pagefind: Pagefind, query: string): Promise<{results: PagefindResult[]; pages: PagefindData[]}> {
  const results = await rankedResults(pagefind, query, docsSetOf(window.location.pathname));
  return {results, pages: results.length ? [await results[0]!.data()] : []};
}

/**
 * The query's ranked results, with the first page's fragment (after the pause in typing:
 * useDebouncedSearch); `loadMore` downloads the next page's fragment (one at a time, in rank
 * order). A fragment that cannot be loaded ends the list there. While a new query waits, the
 * last list stays.
 */
function useSearch(query: string): [State, () => void] {
  const search = useDebouncedSearch(query, firstPage);
  // Pages loaded beyond the first, for the result list they belong to.
  const [loaded, setLoaded] = useState<{results: PagefindResult[]; pages: PagefindData[]; ended: boolean} | null>(null);
  const loadingFor = useRef<PagefindResult[] | null>(null);
  const lastHits = useRef<DocSearchHit[]>([]);
  const state = useMemo((): State => {
    if (search.status === 'idle' || search.status === 'failed') return {status: search.status};
    // The modal keeps the last list, marked as pending, from the first keystroke on.
    if (search.status === 'waiting' || search.status === 'pending') return {status: 'pending', hits: lastHits.current};
    const {results} = search.value;
    const mine = loaded?.results === results ? loaded : null;
    return done(search.query, results, mine?.pages ?? search.value.pages, mine?.ended ?? false);
  }, [search, loaded]);
  lastHits.current = 'hits' in state ? state.hits : [];
  const loadMore = useCallback(() => {
    if (state.status !== 'done' || !state.more || loadingFor.current === state.results) return;
    const {results, pages} = state;
    loadingFor.current = results;
    const before = loaded;
    const next = (value: {results: PagefindResult[]; pages: PagefindData[]; ended: boolean}) => {
      if (loadingFor.current === results) loadingFor.current = null;
      // Only onto the list it was loaded for, as it was then.
      setLoaded((now) => (now === before ? value : now));
    };
    results[pages.length]!.data().then(
      (page) => next({results, pages: [...pages, page], ended: false}),
      // A fragment that failed ends the list: the loaded pages stay, "see all" has the rest.
      () => next({results, pages, ended: true}),
    );
  }, [state, loaded]);
  return [state, loadMore];
}

/**
 * Calls `onVisible` while the element is in view within its scrolling list: watched afresh after
 * every load (`key`), since a list that grows by a short group may leave it in view.
 */
function useInView(element: HTMLElement | null, root: HTMLElement | null, onVisible: () => void, key: unknown): void {
  useEffect(() => {
    if (!element || !root) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onVisible();
    }, {root});
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, root, onVisible, key]);
}

const magnifier = (
  <svg width="20" height="20" className="DocSearch-Search-Icon" viewBox="0 0 24 24" aria-hidden="true">
    <circle cx="11" cy="11" r="8" stroke="currentColor" fill="none" strokeWidth="1.4" />
    <path d="m21 21-4.3-4.3" stroke="currentColor" fill="none" strokeWidth="1.4" />
  </svg>
);

export default function LocalSearchModal({initialQuery = '', onClose, missingResultsUrl}: Props): ReactNode {
  const [query, setQuery] = useState(initialQuery);
  const [active, setActive] = useState(0);
  const [state, loadMore] = useSearch(query);
  const [dropdown, setDropdown] = useState<HTMLDivElement | null>(null);
  const [moreMark, setMoreMark] = useState<HTMLDivElement | null>(null);
  const history = useHistory();
  const createSearchLink = useSearchLinkCreator();
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const modal = translations.modal;
  const hits = state.status === 'done' || state.status === 'pending' ? state.hits : [];
  const pending = state.status === 'pending';
  const more = state.status === 'done' && state.more;
  useInView(more ? moreMark : null, dropdown, loadMore, hits.length);

  // A new result list starts at its first hit; more pages of the same list keep the selection.
  const firstHit = hits[0]?.url;
  useEffect(() => setActive(0), [firstHit, state.status === 'done' ? state.query : null]);
  useEffect(() => {
    inputRef.current?.focus();
    document.body.classList.add('DocSearch--active');
    return () => document.body.classList.remove('DocSearch--active');
  }, []);

  const open = useCallback((hit: DocSearchHit) => {
    onClose();
    history.push(hit.url);
  }, [history, onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!hits.length) return;
      // Past the last loaded page: the next one loads, and the selection stays until it is there.
      if (event.key === 'ArrowDown' && active === hits.length - 1 && more) {
        loadMore();
        return;
      }
      setActive((i) => (i + (event.key === 'ArrowDown' ? 1 : hits.length - 1)) % hits.length);
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      const hit = hits[active];
      if (hit && !(event.ctrlKey || event.metaKey)) open(hit);
      else if (hit) window.open(hit.url, '_blank', 'noopener');
    }
  };

  useEffect(() => {
    document.getElementById(`${listId}-${active}`)?.scrollIntoView({block: 'nearest'});
  }, [active, listId]);

  const grouped = useMemo(() => groups(hits), [hits]);
  let index = -1;
  return (
    <div
      className="DocSearch DocSearch-Container site-search-local"
      role="presentation"
      onMouseDown={(event) => {
        if (event.target !== event.currentTarget) return;
        // without this the browser's own mousedown handling runs after the close and takes focus
        // off the search button that closing has just focused
        event.preventDefault();
        onClose();
      }}>
      <div className="DocSearch-Modal" role="dialog" aria-modal="true" aria-label={translate({id: 'theme.SearchBar.label', message: 'Search'})}>
        <header className="DocSearch-SearchBar">
          <form className="DocSearch-Form" role="search" onSubmit={(event) => event.preventDefault()}
            onReset={() => { setQuery(''); inputRef.current?.focus(); }}>
            <label className="DocSearch-MagnifierLabel" htmlFor={`${listId}-input`}>
              {magnifier}
              <span className="DocSearch-VisuallyHiddenForAccessibility">{translate({id: 'theme.SearchBar.label', message: 'Search'})}</span>
            </label>
            <input
              id={`${listId}-input`}
              ref={inputRef}
              className="DocSearch-Input"
              role="combobox"
              aria-expanded={hits.length > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={hits.length ? `${listId}-${active}` : undefined}
              autoComplete="off"
              autoCorrect="off"
              autoCapitalize="off"
              enterKeyHint="go"
              spellCheck={false}
              maxLength={queryMaxLength}
              type="search"
              placeholder={modal?.searchBox?.placeholderText}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={onKeyDown}
            />
            <div className="DocSearch-Actions">
              <button type="reset" className="DocSearch-Clear" hidden={!query} aria-label={modal?.searchBox?.clearButtonAriaLabel}>
                {modal?.searchBox?.clearButtonTitle}
              </button>
              {query && <div className="DocSearch-Divider" />}
              <button type="button" className="DocSearch-Action DocSearch-Close" onClick={onClose}
                title={modal?.searchBox?.closeButtonText} aria-label={modal?.searchBox?.closeButtonAriaLabel}>
                <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true"><path d="M10 10l5.09-5.09L10 10l5.09 5.09L10 10zm0 0L4.91 4.91 10 10l-5.09 5.09L10 10z" stroke="currentColor" fill="none" fillRule="evenodd" strokeLinecap="round" strokeLinejoin="round" /></svg>
              </button>
            </div>
          </form>
        </header>
        <div className="DocSearch-Dropdown" ref={setDropdown} data-search-pending={pending ? '' : undefined}>
          {state.status === 'failed' && <ErrorScreen />}
          {grouped.length > 0 && (
            <div className="DocSearch-Dropdown-Container">
              <ul role="listbox" id={listId} aria-label={translate({id: 'theme.SearchBar.label', message: 'Search'})}>
                {grouped.map((group) => (
                  <li key={group.hits[0]!.objectID} className="DocSearch-Hits" role="presentation">
                    <div className="DocSearch-Hit-source" aria-hidden="true">{group.page}</div>
                    <ul role="presentation">
                      {group.hits.map((hit) => {
                        index += 1;
                        const i = index;
                        return (
                          <li key={hit.objectID} className="DocSearch-Hit" role="presentation" data-selected={i === active}
                            onMouseMove={() => setActive(i)}>
                            {/* The option is the link itself: chosen with the arrow keys from the box (no tab
                                stop of its own), and still a link for the mouse, so Ctrl/Cmd-click and the
                                middle button open a new tab. DocSearch nests a link in an option (axe:
                                nested-interactive); this does not. */}
                            <Link to={hit.url} id={`${listId}-${i}`} role="option" aria-selected={i === active} tabIndex={-1}
                              onClick={(event) => { if (!event.ctrlKey && !event.metaKey && !event.shiftKey && event.button === 0) onClose(); }}>
                              <div className="DocSearch-Hit-Container">
                                <div className="DocSearch-Hit-content-wrapper">
                                  <span className="DocSearch-Hit-title">{hit.section ?? hit.page}</span>
                                  {hit.content && <span className="DocSearch-Hit-path" dangerouslySetInnerHTML={{__html: hit.content}} />}
                                </div>
                              </div>
                            </Link>
                          </li>
                        );
                      })}
                    </ul>
                  </li>
                ))}
              </ul>
              {/* The next page's place: its fragment loads when this comes into view. */}
              {more && <div ref={setMoreMark} className={styles.more} data-search-more="" aria-hidden="true" />}
            </div>
          )}
          {state.status === 'done' && hits.length === 0 && (
            <div className="DocSearch-NoResults">
              <p className="DocSearch-Title">
                {modal?.noResultsScreen?.noResultsText} "<strong>{state.query}</strong>"
              </p>
              <p className="DocSearch-Help">
                {modal?.noResultsScreen?.reportMissingResultsText}{' '}
                <a href={missingResultsUrl({query: state.query})} target="_blank" rel="noopener noreferrer">
                  {modal?.noResultsScreen?.reportMissingResultsLinkText}
                </a>
              </p>
              <Suggestions onChoose={setQuery} />
            </div>
          )}
        </div>
        <footer className="DocSearch-Footer">
          <div className={styles.seeAll}>
            {query.trim() && (
              <Link to={createSearchLink(query.trim())} onClick={onClose}>
                <Translate id="site.Search.seeAll">查看全部结果</Translate>
              </Link>
            )}
          </div>
          <ul className="DocSearch-Commands" aria-hidden="true">
            <li><kbd className="DocSearch-Commands-Key">↵</kbd><span className="DocSearch-Label">{modal?.footer?.selectText}</span></li>
            <li><kbd className="DocSearch-Commands-Key">↓</kbd><kbd className="DocSearch-Commands-Key">↑</kbd><span className="DocSearch-Label">{modal?.footer?.navigateText}</span></li>
            <li><kbd className="DocSearch-Commands-Key">Esc</kbd><span className="DocSearch-Label">{modal?.footer?.closeText}</span></li>
          </ul>
        </footer>
      </div>
    </div>
  );
}
