/**
 * The search button of local search, and the modal it opens (LocalSearchModal, loaded
 * on the first hover, focus or touch of the button, or with the first key). Modelled on
 * @docusaurus/theme-search-algolia 3.10.2, theme/SearchBar/index.js (`DocSearch`): the same
 * DocSearch button and keyboard shortcuts (/ and Ctrl/Cmd+K), and the same container at the top
 * of <body>; no Algolia preconnect, no Algolia code.
 */
import React, {useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import {DocSearchButton} from '@docsearch/react/button';
import {useDocSearchKeyboardEvents} from '@docsearch/react/useDocSearchKeyboardEvents';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {translate} from '@docusaurus/Translate';
import {modalCssPath} from '@site/src/search/modalCss';
import type {Props as ModalProps} from './LocalSearchModal';
// The button's styles are needed at first paint; the modal's come with the modal (below).
import '@docsearch/css/dist/_variables.css';
import '@docsearch/css/dist/button.css';

/**
 * The button's strings, as theme-search-algolia 3.10.2's SearchTranslations writes them (its
 * `button`). That module translates the whole modal (1.6 KB gzip): imported here, it sat in every
 * page's main.js; LocalSearchModal, loaded when search opens, imports it for the rest.
 * tests/unit/search-button-translations.test.ts holds the two to the same strings.
 */
function buttonTranslations(): {buttonText: string; buttonAriaLabel: string} {
  const label = translate({id: 'theme.SearchBar.label', message: 'Search', description: 'The ARIA label and placeholder for search button'});
  return {buttonText: label, buttonAriaLabel: label};
}

export type Props = {missingResultsUrl: ModalProps['missingResultsUrl']};

let LocalSearchModal: ComponentType<ModalProps> | null = null;
let modalCss: Promise<void> | null = null;

/**
 * DocSearch's modal stylesheet, a file of its own in local builds (src/plugins/localSearchUi), so
 * that it is not in the stylesheet every page waits for. A failed load is retried next time.
 */
function loadModalCss(href: string): Promise<void> {
  if (!modalCss) {
    modalCss = new Promise<void>((resolve, reject) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.onload = () => resolve();
      link.onerror = () => {
        link.remove();
        reject(new Error(`could not load ${href}`));
      };
      document.head.appendChild(link);
    });
    modalCss.catch(() => {
      modalCss = null;
    });
  }
  return modalCss;
}

function importModalIfNeeded(cssHref: string): Promise<void> {
  if (LocalSearchModal) return loadModalCss(cssHref);
  return Promise.all([import('./LocalSearchModal'), import('./docsearchTheme.css'), loadModalCss(cssHref)]).then(([{default: Modal}]) => {
    LocalSearchModal = Modal;
  });
}

const noAskAi = (): void => {};

export default function LocalSearchBar({missingResultsUrl}: Props): ReactNode {
  const cssHref = useBaseUrl(modalCssPath);
  const preload = useCallback(() => {
    importModalIfNeeded(cssHref).catch(() => {});
  }, [cssHref]);
  const searchContainer = useRef<HTMLDivElement | null>(null);
  const searchButtonRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState<string | undefined>(undefined);
  // the modal (its code or its stylesheet) could not be loaded: say so instead of doing nothing
  const [loadFailed, setLoadFailed] = useState(false);

  const prepareSearchContainer = useCallback(() => {
    if (!searchContainer.current) {
      const divElement = document.createElement('div');
      searchContainer.current = divElement;
      document.body.insertBefore(divElement, document.body.firstChild);
    }
  }, []);
  const openModal = useCallback(() => {
    prepareSearchContainer();
    setLoadFailed(false);
    // A failure leaves the button usable: the next click loads again (loadModalCss forgets a
    // failed load, and webpack fetches a failed chunk again).
    importModalIfNeeded(cssHref).then(() => setIsOpen(true), () => setLoadFailed(true));
  }, [prepareSearchContainer, cssHref]);
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

  // A letter typed on the focused button opens search with it in the box. @docsearch/react 4.7's
  // useDocSearchKeyboardEvents no longer does this (it reads neither onInput nor searchButtonRef).
  useEffect(() => {
    const button = searchButtonRef.current;
    if (!button) return undefined;
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key.length !== 1 || event.key === '/' || event.key === ' ' || event.ctrlKey || event.metaKey || event.altKey) return;
      handleInput(event);
    };
    button.addEventListener('keydown', onKeyDown);
    return () => button.removeEventListener('keydown', onKeyDown);
  }, [handleInput]);

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
        onTouchStart={preload}
        onFocus={preload}
        onMouseOver={preload}
        onClick={openModal}
        ref={searchButtonRef}
        translations={buttonTranslations()}
      />
      {loadFailed && !isOpen && (
        <div role="alert" className="alert alert--warning shadow--md" style={{position: 'fixed', left: '1rem', right: '1rem', top: 'calc(var(--ifm-navbar-height) + 0.5rem)', zIndex: 1000, maxWidth: '32rem', margin: '0 auto'}}>
          {translate({id: 'site.SearchBar.loadFailed', message: '搜索没能加载，请检查网络连接后再点一次搜索。'})}
        </div>
      )}
      {isOpen && LocalSearchModal && searchContainer.current && createPortal(
        <LocalSearchModal initialQuery={initialQuery} onClose={closeModal} missingResultsUrl={missingResultsUrl} />,
        searchContainer.current,
      )}
    </>
  );
}
