/**
 * Ejected from @docusaurus/theme-mermaid 3.10.2, Mermaid.
 * Changed: a diagram whose code cannot load (the mermaid library, or the chunk its diagram type
 * needs: after a new deployment, or on a broken connection) shows a short translated message and
 * a retry button, not webpack's raw "Loading chunk … failed. (error: http://…)" (as
 * src/clientModules/chunkErrors.ts does for a page's own code). The library is imported here
 * before upstream's loader asks for it, because that loader keeps a failed import for good and a
 * retry through it could never succeed; once loaded, webpack hands the loader the same module.
 * And: each rendered diagram is announced (`diagramRenderedEvent`), for its zoom
 * (src/clientModules/imageZoom.ts).
 */
import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import Translate from '@docusaurus/Translate'; // (CUSTOM)
import {ErrorBoundaryErrorMessageFallback} from '@docusaurus/theme-common';
import {
  MermaidContainerClassName,
  useMermaidRenderResult,
} from '@docusaurus/theme-mermaid/client';
import type {Props} from '@theme/Mermaid';
import type {RenderResult} from 'mermaid';
import {isChunkLoadError} from '@site/src/utils/chunks'; // (CUSTOM)
import {diagramRenderedEvent} from '@site/src/constants'; // (CUSTOM)

import styles from './styles.module.css';

export type {Props};

function MermaidRenderResult({
  renderResult,
}: {
  renderResult: RenderResult;
}): ReactNode {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const div = ref.current!;
    renderResult.bindFunctions?.(div);
    // (CUSTOM) src/clientModules/imageZoom.ts gives the diagram its zoom.
    window.dispatchEvent(new Event(diagramRenderedEvent));
  }, [renderResult]);

  return (
    <div
      ref={ref}
      className={`${MermaidContainerClassName} ${styles.container}`}
      // eslint-disable-next-line react/no-danger
      dangerouslySetInnerHTML={{__html: renderResult.svg}}
    />
  );
}

function MermaidRenderer({value}: Props): ReactNode {
  const renderResult = useMermaidRenderResult({text: value});
  if (renderResult === null) {
    return null;
  }
  return <MermaidRenderResult renderResult={renderResult} />;
}

// (CUSTOM) from here to the end, but for the ErrorBoundary as upstream wrote it
type Library = 'loading' | 'ready' | 'failed';

/** Imports the mermaid library once per attempt; after mount, as upstream's loader does. */
function useMermaidLibrary(attempt: number): Library {
  const [library, setLibrary] = useState<Library>('loading');
  useEffect(() => {
    let current = true;
    setLibrary('loading');
    import('mermaid').then(
      () => current && setLibrary('ready'),
      () => current && setLibrary('failed'),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  return library;
}

function DiagramUnavailable({retry}: {retry: () => void}): ReactNode {
  return (
    <div role="alert" className={`alert alert--warning ${styles.unavailable}`}>
      <Translate id="site.Mermaid.unavailable">图表未能加载，可能是网络不稳定，或者网站刚刚更新。</Translate>
      <button type="button" className={`button button--sm button--secondary ${styles.retry}`} onClick={retry}>
        <Translate id="site.Mermaid.retry">重试</Translate>
      </button>
    </div>
  );
}

export default function Mermaid(props: Props): ReactNode {
  const [attempt, setAttempt] = useState(0);
  const library = useMermaidLibrary(attempt);
  if (library === 'failed') {
    return <DiagramUnavailable retry={() => setAttempt((n) => n + 1)} />;
  }
  if (library === 'loading') {
    return null;
  }
  return (
    <ErrorBoundary
      fallback={(params) =>
        isChunkLoadError(params.error) ? (
          <DiagramUnavailable retry={params.tryAgain} />
        ) : (
          <ErrorBoundaryErrorMessageFallback {...params} />
        )
      }>
      <MermaidRenderer {...props} />
    </ErrorBoundary>
  );
}
