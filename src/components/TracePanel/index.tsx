import React, {lazy, Suspense, useMemo, useState, type ReactNode} from 'react';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import {tr} from './messages';

export type Props = {value: unknown; version: 'v4' | 'v5'};

const loadPanel = () => import(/* webpackChunkName: "trace-panel" */ './Panel');
// Fetched as soon as the checker's own chunk runs (this module is only imported by it), so that
// nothing is requested once the reader starts pasting and tracing.
const first = typeof window === 'undefined' ? null : loadPanel();

/**
 * The routing and DNS tracer, under the checker once a configuration parses. The panel
 * and the engine (src/tracer) are their own chunk, fetched with the checker.
 */
export default function TracePanel(props: Props): ReactNode {
  // A new lazy() per attempt: a rejected one stays rejected, and webpack fetches a failed chunk again.
  const [attempt, setAttempt] = useState(0);
  const Panel = useMemo(() => lazy(() => (attempt === 0 && first ? first : loadPanel())), [attempt]);
  return (
    <ErrorBoundary fallback={({tryAgain}) => (
      <p role="alert">
        {tr({id: 'loadFailed', message: '追踪面板没能载入，网络可能断开了。'})}{' '}
        <button type="button" className="button button--secondary button--sm" onClick={() => { setAttempt((n) => n + 1); tryAgain(); }}>
          {tr({id: 'retry', message: '重试'})}
        </button>
      </p>)}>
      <Suspense fallback={<p role="status">{tr({id: 'loading', message: '正在载入追踪面板……'})}</p>}>
        <Panel {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
