import React, {type ComponentType, type ReactNode} from 'react';
import BrowserOnly from '@docusaurus/BrowserOnly';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import Translate from '@docusaurus/Translate';
import {loadOnce, useChunk} from '@site/src/utils/chunks';
import {prefetchTracePanel} from '@site/src/components/TracePanel/load';
import {loadSchemas} from './schemas';

export type Props = Record<string, never>;

function Loading(): ReactNode {
  return (
    <p style={{margin: '0.5rem 0'}} role="status">
      <Translate id="site.ConfigChecker.loading">正在载入检查器……</Translate>
    </p>
  );
}

function LoadFailed({retry}: {retry: () => void}): ReactNode {
  return (
    <p style={{margin: '0.5rem 0'}} role="alert">
      <Translate id="site.ConfigChecker.loadFailed">检查器没能载入，网络可能断开了。</Translate>{' '}
      <button type="button" className="button button--secondary button--sm" onClick={retry}>
        <Translate id="site.ConfigChecker.retry">重试</Translate>
      </button>
    </p>
  );
}

const loadChecker: () => Promise<ComponentType> = loadOnce(() => import(/* webpackChunkName: "config-checker-ui" */ './Checker').then((m) => m.default));

/** The editor, the validator and the schemas: this page's own chunks (src/utils/chunks says why not React.lazy). */
function LazyChecker(): ReactNode {
  const [checker, retry] = useChunk(loadChecker);
  if (checker.status === 'failed') return <LoadFailed retry={retry} />;
  if (checker.status === 'loading') return <Loading />;
  const Checker = checker.value;
  // a fault while it renders: the same message, and a way to try again
  return (
    <ErrorBoundary fallback={({tryAgain}) => <LoadFailed retry={() => { retry(); tryAgain(); }} />}>
      <Checker />
    </ErrorBoundary>
  );
}

/** The configuration checker: paste, type or drop a config.json, see every problem. */
export default function ConfigChecker(): ReactNode {
  // Fetch the checker, the schemas and the trace panel while the page hydrates, not after, so
  // that nothing is fetched once the reader starts checking. Here, not when this module is
  // evaluated: hovering a link to this page on another page loads the module, and must not
  // fetch the checker.
  if (ExecutionEnvironment.canUseDOM) {
    loadChecker().catch(() => undefined);
    loadSchemas().catch(() => undefined);
    prefetchTracePanel();
  }
  return (
    // the search index takes the page's prose, not the tool's texts
    <div style={{margin: '1.5rem 0'}} data-pagefind-ignore="all">
      <BrowserOnly fallback={<Loading />}>{() => <LazyChecker />}</BrowserOnly>
    </div>
  );
}
