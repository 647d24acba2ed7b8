import React, {useEffect, useState, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import Translate, {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';

/**
 * Screens DocSearch 4.7.1 cannot show by itself: its error screen is never reached
 * for a failed request (it falls through to "no results"), and its suggested queries are
 * never listed (it stores them as an object, then checks `.length`). We render both into the
 * open modal, and the line that says hosted search is answered by the local index.
 */
function useElement(selector: string): HTMLElement | null {
  const [element, setElement] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const update = () => setElement(document.querySelector<HTMLElement>(selector));
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, {childList: true, subtree: true});
    return () => observer.disconnect();
  }, [selector]);
  return element;
}

/** Types a query into the DocSearch box the way a reader would, so autocomplete sees it. */
function setQuery(query: string): void {
  const input = document.querySelector<HTMLInputElement>('input.DocSearch-Input');
  if (!input) return;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, query);
  input.dispatchEvent(new Event('input', {bubbles: true}));
  input.focus();
}

function useSuggestedQueries(): string[] {
  return translate({id: 'site.Search.suggestedQueries', message: '路由,VMess,DNS,入站,传输方式'})
    .split(',').map((q) => q.trim()).filter(Boolean);
}

export function ErrorScreen(): ReactNode {
  return (
    <div className={styles.errorScreen} role="alert">
      <p className={styles.title}><Translate id="site.Search.errorTitle">无法获取结果</Translate></p>
      <p><Translate id="site.Search.errorHelp">请检查网络连接后再试一次。</Translate></p>
    </div>
  );
}

/** Suggested queries; choosing one searches it (in DocSearch's box unless told otherwise). */
export function Suggestions({onChoose = setQuery}: {onChoose?: (query: string) => void}): ReactNode {
  const queries = useSuggestedQueries();
  return (
    <div className={styles.suggestions}>
      <p><Translate id="site.Search.suggestedTitle">试试搜索：</Translate></p>
      <ul>
        {queries.map((q) => (
          <li key={q}><button type="button" className={styles.suggestion} onClick={() => onChoose(q)}>{q}</button></li>
        ))}
      </ul>
    </div>
  );
}

function OfflineNotice(): ReactNode {
  return (
    <p className={styles.offline} role="status">
      <Translate id="site.Search.offline">当前显示离线搜索结果</Translate>
    </p>
  );
}

/** A place of our own at the top of the results (DocSearch renders its list after it). */
function useTopSlot(dropdown: HTMLElement | null): HTMLElement | null {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!dropdown) return undefined;
    const element = document.createElement('div');
    dropdown.prepend(element);
    setSlot(element);
    return () => {
      element.remove();
      setSlot(null);
    };
  }, [dropdown]);
  return slot;
}

export type Props = {failed: boolean; pending?: boolean; offline?: boolean};

export default function SearchScreens({failed, pending = false, offline = false}: Props): ReactNode {
  const dropdown = useElement('.DocSearch-Dropdown');
  const noResults = useElement('.DocSearch-NoResults');
  const top = useTopSlot(dropdown);
  useEffect(() => {
    dropdown?.classList.toggle(styles.failed!, failed);
  }, [dropdown, failed]);
  // While a query is on its way: no "no results" screen yet (tests wait for the attribute to go).
  useEffect(() => {
    dropdown?.toggleAttribute('data-search-pending', pending);
  }, [dropdown, pending]);
  if (failed && dropdown) return createPortal(<ErrorScreen />, dropdown);
  return (
    <>
      {offline && top && createPortal(<OfflineNotice />, top)}
      {noResults && !pending && createPortal(<Suggestions />, noResults)}
    </>
  );
}
