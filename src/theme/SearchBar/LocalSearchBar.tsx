/**
 * The search button of local search (issue 19), and the modal it opens (LocalSearchModal, loaded
 * on the first hover, focus or touch of the button, or with the first key). Modelled on
 * @docusaurus/theme-search-algolia 3.10.2, theme/SearchBar/index.js (`DocSearch`): the same
 * DocSearch button and keyboard shortcuts (/ and Ctrl/Cmd+K), and the same container at the top
 * of <body>; no Algolia preconnect, no Algolia code.
 */
import React, {useCallback, useRef, useState, type ComponentType, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import {DocSearchButton} from '@docsearch/react/button';
import {useDocSearchKeyboardEvents} from '@docsearch/react/useDocSearchKeyboardEvents';
import translations from '@theme/SearchTranslations';
import type {Props as ModalProps} from './LocalSearchModal';

export type Props = {missingResultsUrl: ModalProps['missingResultsUrl']};

let LocalSearchModal: ComponentType<ModalProps> | null = null;

function importModalIfNeeded(): Promise<void> {
  if (LocalSearchModal) return Promise.resolve();
  return Promise.all([import('./LocalSearchModal'), import('./docsearchTheme.css')]).then(([{default: Modal}]) => {
    LocalSearchModal = Modal;
  });
}

const noAskAi = (): void => {};

export default function LocalSearchBar({missingResultsUrl}: Props): ReactNode {
  const searchContainer = useRef<HTMLDivElement | null>(null);
  const searchButtonRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState<string | undefined>(undefined);

  const prepareSearchContainer = useCallback(() => {
    if (!searchContainer.current) {
      const divElement = document.createElement('div');
      searchContainer.current = divElement;
      document.body.insertBefore(divElement, document.body.firstChild);
    }
  }, []);
  const openModal = useCallback(() => {
    prepareSearchContainer();
    // A failed chunk load is reported by src/clientModules/chunkErrors; the button stays usable.
    importModalIfNeeded().then(() => setIsOpen(true), () => {});
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
        onTouchStart={importModalIfNeeded}
        onFocus={importModalIfNeeded}
        onMouseOver={importModalIfNeeded}
        onClick={openModal}
        ref={searchButtonRef}
        translations={translations.button}
      />
      {isOpen && LocalSearchModal && searchContainer.current && createPortal(
        <LocalSearchModal initialQuery={initialQuery} onClose={closeModal} missingResultsUrl={missingResultsUrl} />,
        searchContainer.current,
      )}
    </>
  );
}
