import React, {type ReactNode} from 'react';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import {useChunk} from '@site/src/utils/chunks';
import {loadPanel} from './load';
import {translator, type Tr} from './messages';
import type {Props} from './props';

export type {Props};

function LoadFailed({retry, tr}: {retry: () => void; tr: Tr}): ReactNode {
  return (
    <p role="alert">
      {tr({id: 'loadFailed', message: '追踪面板没能载入，网络可能断开了。'})}{' '}
      <button type="button" className="button button--secondary button--sm" onClick={retry}>
        {tr({id: 'retry', message: '重试'})}
      </button>
    </p>
  );
}

/**
 * The routing and DNS tracer, under the checker once a configuration parses. The panel and the
 * engine (src/tracer) are their own chunk, fetched with the checker's when the reader starts using
 * it (ConfigChecker/index.tsx), so that nothing is requested once a configuration is checked and traced.
 */
export default function TracePanel(props: Props): ReactNode {
  const [panel, retry] = useChunk(loadPanel);
  const tr = translator(props.lang);
  if (panel.status === 'failed') return <LoadFailed retry={retry} tr={tr} />;
  if (panel.status === 'loading') return <p role="status">{tr({id: 'loading', message: '正在载入追踪面板……'})}</p>;
  const Panel = panel.value;
  return (
    <ErrorBoundary fallback={({tryAgain}) => <LoadFailed retry={() => { retry(); tryAgain(); }} tr={tr} />}>
      <Panel {...props} />
    </ErrorBoundary>
  );
}
