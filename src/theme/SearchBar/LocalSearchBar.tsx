/**
 * The search button and modal of local search (issue 19). Copied from @docusaurus/theme-search-algolia
 * 3.10.2, theme/SearchBar/index.js (`DocSearch`), and cut down (CUSTOM): no <link rel=preconnect>
 * to Algolia (local search asks no other host), no Ask AI, a results footer to /search, and the
 * modal marked as local so that its "Search by Algolia" footer is hidden. The search itself is
 * the `transformSearchClient` the wrapper passes (the local index); the Algolia client the modal
 * creates from the placeholder keys is never asked.
 */
import React, {useCallback, useMemo, useRef, useState, type ComponentType, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import {DocSearchButton} from '@docsearch/react/button';
import {useDocSearchKeyboardEvents} from '@docsearch/react/useDocSearchKeyboardEvents';
import type {DocSearchModalProps} from '@docsearch/react';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import {useSearchLinkCreator} from '@docusaurus/theme-common';
import Translate from '@docusaurus/Translate';
import translations from '@theme/SearchTranslations';

export type Props = Partial<DocSearchModalProps>;

/** What the modal's Algolia client is created with; it never sends a request (see above). */
const placeholderKeys = {appId: 'local', apiKey: 'local', indexName: 'local'} as const;

const noAskAi = (): void => {};

let DocSearchModal: ComponentType<DocSearchModalProps> | null = null;

function importDocSearchModalIfNeeded(): Promise<void> {
  if (DocSearchModal) return Promise.resolve();
  return Promise.all([
    import('@docsearch/react/modal'),
    import('@docsearch/react/style'),
    import('./docsearchTheme.css'),
  ]).then(([{DocSearchModal: Modal}]) => {
    DocSearchModal = Modal as ComponentType<DocSearchModalProps>;
  });
}

type HitProps = {hit: {url: string}; children: ReactNode};
function Hit({hit, children}: HitProps): ReactNode {
  return <Link to={hit.url}>{children}</Link>;
}

function ResultsFooter({state, onClose}: {state: {query: string; context: {nbHits?: unknown}}; onClose: () => void}): ReactNode {
  const createSearchLink = useSearchLinkCreator();
  return (
    <Link to={createSearchLink(state.query)} onClick={onClose}>
      <Translate id="theme.SearchBar.seeAll" values={{count: String(state.context.nbHits ?? 0)}}>
        {'See all {count} results'}
      </Translate>
    </Link>
  );
}

export default function LocalSearchBar(props: Props): ReactNode {
  const history = useHistory();
  const navigator = useMemo(() => ({
    navigate({itemUrl}: {itemUrl: string}) {
      history.push(itemUrl);
    },
  }), [history]);
  const searchContainer = useRef<HTMLDivElement | null>(null);
  const searchButtonRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState<string | undefined>(undefined);

  const prepareSearchContainer = useCallback(() => {
    if (!searchContainer.current) {
      const divElement = document.createElement('div');
      divElement.className = 'site-search-local'; // (CUSTOM) hides the Algolia footer
      searchContainer.current = divElement;
      document.body.insertBefore(divElement, document.body.firstChild);
    }
  }, []);
  const openModal = useCallback(() => {
    prepareSearchContainer();
    void importDocSearchModalIfNeeded().then(() => setIsOpen(true));
  }, [prepareSearchContainer]);
  const closeModal = useCallback(() => {
    setIsOpen(false);
    searchButtonRef.current?.focus();
    setInitialQuery(undefined);
  }, []);
  const handleInput = useCallback((event: KeyboardEvent) => {
    if (event.key === 'f' && (event.metaKey || event.ctrlKey)) return;
    event.preventDefault();
    setInitialQuery(event.key);
    openModal();
  }, [openModal]);
  const resultsFooterComponent = useMemo(
    () => ({state}: {state: {query: string; context: {nbHits?: unknown}}}) => <ResultsFooter state={state} onClose={closeModal} />,
    [closeModal],
  );

  useDocSearchKeyboardEvents({
    isOpen,
    onOpen: openModal,
    onClose: closeModal,
    onInput: handleInput,
    searchButtonRef,
    isAskAiActive: false,
    onAskAiToggle: noAskAi,
  });

  return (
    <>
      <DocSearchButton
        onTouchStart={importDocSearchModalIfNeeded}
        onFocus={importDocSearchModalIfNeeded}
        onMouseOver={importDocSearchModalIfNeeded}
        onClick={openModal}
        ref={searchButtonRef}
        translations={translations.button}
      />
      {isOpen && DocSearchModal && searchContainer.current && createPortal(
        <DocSearchModal
          onClose={closeModal}
          initialScrollY={window.scrollY}
          initialQuery={initialQuery}
          navigator={navigator}
          hitComponent={Hit as DocSearchModalProps['hitComponent']}
          resultsFooterComponent={resultsFooterComponent as DocSearchModalProps['resultsFooterComponent']}
          {...placeholderKeys}
          {...props}
          onAskAiToggle={noAskAi}
          translations={translations.modal}
        />,
        searchContainer.current,
      )}
    </>
  );
}
