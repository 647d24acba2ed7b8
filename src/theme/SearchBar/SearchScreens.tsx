import React, {useEffect, useState, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import Translate, {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';

/**
 * Screens DocSearch 4.7.1 cannot show by itself (spec §8): its error screen is never reached
 * for a failed request (it falls through to "no results"), and its suggested queries are
 * never listed (it stores them as an object, then checks `.length`). We render both into the
 * open modal.
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

function ErrorScreen(): ReactNode {
  return (
    <div className={styles.errorScreen} role="alert">
      <p className={styles.title}><Translate id="site.Search.errorTitle">无法获取结果</Translate></p>
      <p><Translate id="site.Search.errorHelp">请检查网络连接后再试一次。</Translate></p>
    </div>
  );
}

function Suggestions(): ReactNode {
  const queries = useSuggestedQueries();
  return (
    <div className={styles.suggestions}>
      <p><Translate id="site.Search.suggestedTitle">试试搜索：</Translate></p>
      <ul>
        {queries.map((q) => (
          <li key={q}><button type="button" className={styles.suggestion} onClick={() => setQuery(q)}>{q}</button></li>
        ))}
      </ul>
    </div>
  );
}

export default function SearchScreens({failed}: {failed: boolean}): ReactNode {
  const dropdown = useElement('.DocSearch-Dropdown');
  const noResults = useElement('.DocSearch-NoResults');
  useEffect(() => {
    dropdown?.classList.toggle(styles.failed!, failed);
  }, [dropdown, failed]);
  if (failed && dropdown) return createPortal(<ErrorScreen />, dropdown);
  if (!failed && noResults) return createPortal(<Suggestions />, noResults);
  return null;
}
