import React, {lazy, Suspense, useMemo, useState, type ReactNode} from 'react';
import BrowserOnly from '@docusaurus/BrowserOnly';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import Translate from '@docusaurus/Translate';
import {loadSchemas} from './schemas';

export type Props = Record<string, never>;

function Loading(): ReactNode {
  return (
    <p style={{margin: '0.5rem 0'}} role="status">
      <Translate id="site.ConfigChecker.loading">正在载入检查器……</Translate>
    </p>
  );
}

/** The editor, the validator and the schemas: this page's own chunks, loaded after it renders. */
function LazyChecker(): ReactNode {
  // A new lazy() per attempt: a rejected one stays rejected, and webpack fetches a failed chunk again.
  const [attempt, setAttempt] = useState(0);
  const Checker = useMemo(() => {
    // the schemas are fetched alongside the checker's chunk, not after it mounts
    loadSchemas().catch(() => undefined);
    return lazy(() => import(/* webpackChunkName: "config-checker-ui" */ './Checker'));
  }, [attempt]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <ErrorBoundary fallback={({tryAgain}) => (
      <p style={{margin: '0.5rem 0'}} role="alert">
        <Translate id="site.ConfigChecker.loadFailed">检查器没能载入，网络可能断开了。</Translate>{' '}
        <button type="button" className="button button--secondary button--sm" onClick={() => { setAttempt((n) => n + 1); tryAgain(); }}>
          <Translate id="site.ConfigChecker.retry">重试</Translate>
        </button>
      </p>)}>
      <Suspense fallback={<Loading />}>
        <Checker />
      </Suspense>
    </ErrorBoundary>
  );
}

/** The configuration checker: paste, type or drop a config.json, see every problem. */
export default function ConfigChecker(): ReactNode {
  return (
    // the search index takes the page's prose, not the tool's texts
    <div style={{margin: '1.5rem 0'}} data-pagefind-ignore="all">
      <BrowserOnly fallback={<Loading />}>{() => <LazyChecker />}</BrowserOnly>
    </div>
  );
}
