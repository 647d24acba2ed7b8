/**
 * The search page, /search?q=…: the whole result list of the local index for a
 * query, in both search modes. theme-search-algolia adds the route (`searchPagePath`,
 * config/search.ts) and the modal's "See all results" leads here. Everything runs in the reader's
 * browser; the address keeps the query so that a result list can be shared or reloaded.
 */
import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import Translate, {translate} from '@docusaurus/Translate';
import {searchDebounceMs} from '@site/src/constants';
import {capForAddress} from '@site/src/search/searchAddress';
import {docsSetOf, pageHits, searchPages, type DocSearchHit, type Pagefind} from '@site/src/search/localSearch';
import {useDebouncedSearch} from '@site/src/search/useDebouncedSearch';
import styles from './styles.module.css';

/** Pages the search page lists for one query. */
const searchPageLimit = 30;

/** Up to `searchPageLimit` pages of the query, each page with its best sections. */
async function searchAll(pagefind: Pagefind, query: string): Promise<DocSearchHit[]> {
  const pages = await searchPages(pagefind, query, docsSetOf(window.location.pathname), searchPageLimit);
  return pages.flatMap((page, i) => pageHits(page, i));
}

/**
 * The query in the address (`?q=`) and a setter that replaces it. A query too long for an address
 * is written capped (`capForAddress`); while the address holds that capped form, the query is still
 * the whole one the reader typed, so the box and the search keep it. Reloaded, the address
 * brings back the capped query.
 */
function useQueryParam(): [string, (q: string) => void] {
  const location = useLocation();
  const history = useHistory();
  const written = useRef<{full: string; capped: string} | null>(null);
  const inAddress = new URLSearchParams(location.search).get('q') ?? '';
  const query = written.current && written.current.capped === inAddress ? written.current.full : inAddress;
  const setQuery = (q: string) => {
    const capped = capForAddress(q);
    written.current = capped === q ? null : {full: q, capped};
    const params = new URLSearchParams(location.search);
    if (capped) params.set('q', capped); else params.delete('q');
    const search = params.toString();
    history.replace({...location, search: search ? `?${search}` : ''});
  };
  return [query, setQuery];
}

function Result({hit}: {hit: DocSearchHit}): ReactNode {
  const {section, page} = hit;
  return (
    <li className={section ? styles.section : styles.page}>
      <Link to={hit.url} className={styles.link}>
        {section ?? page}
      </Link>
      {section && <span className={styles.path}>{page}</span>}
      {hit.content && <p className={styles.snippet} dangerouslySetInnerHTML={{__html: hit.content}} />}
    </li>
  );
}

export default function SearchPage(): ReactNode {
  const [query, setQuery] = useQueryParam();
  const [text, setText] = useState(query);
  // The address is the truth: typing searches and updates it after a pause; Enter, back and
  // forward (the box set from the address) search at once.
  useEffect(() => setText(query), [query]);
  const state = useDebouncedSearch(text, searchAll, {
    delayMs: text.trim() === query.trim() ? 0 : searchDebounceMs,
    onSettle: (q) => { if (q !== query.trim()) setQuery(q); },
  });

  const title = translate({id: 'site.SearchPage.title', message: '搜索'});
  return (
    <Layout title={title}>
      <main className={`container margin-vert--lg ${styles.searchPage}`}>
        <h1>{title}</h1>
        <form role="search" onSubmit={(event) => { event.preventDefault(); setQuery(text.trim()); }}>
          <input
            type="search"
            className={styles.input}
            name="q"
            value={text}
            autoFocus
            aria-label={translate({id: 'site.SearchPage.placeholder', message: '搜索文档'})}
            placeholder={translate({id: 'site.SearchPage.placeholder', message: '搜索文档'})}
            onChange={(event) => setText(event.target.value)}
          />
        </form>
        <div aria-live="polite">
          {state.status === 'pending' && <p><Translate id="site.SearchPage.loading">正在搜索…</Translate></p>}
          {state.status === 'failed' && (
            <p role="alert"><Translate id="site.SearchPage.failed">无法获取结果，请检查网络连接后再试一次。</Translate></p>
          )}
          {state.status === 'done' && state.value.length === 0 && (
            <p><Translate id="site.SearchPage.noResults" values={{query: state.query}}>{'没有找到“{query}”的结果。'}</Translate></p>
          )}
        </div>
        {state.status === 'done' && state.value.length > 0 && (
          <ol className={styles.results}>
            {state.value.map((hit) => <Result key={hit.objectID} hit={hit} />)}
          </ol>
        )}
      </main>
    </Layout>
  );
}
