/**
 * Ejected from @docusaurus/theme-mermaid 3.10.2, Mermaid (all but its default export, which is
 * ./index.tsx). Loaded with the mermaid library by ./index.tsx, when a diagram nears the viewport,
 * so a page's first code carries none of it.
 * Changed: a chunk the diagram's type needs that fails to load while the diagram is drawn shows
 * ./Unavailable (a message and a retry), not webpack's raw "Loading chunk … failed" message.
 * And: each rendered diagram is announced (`diagramRenderedEvent`), for its zoom
 * (src/clientModules/imageZoom.ts).
 * And: mermaid's pointer handlers are bound only for a diagram with tooltips (below).
 */
import React, {useEffect, useRef, type ReactNode} from 'react';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import {ErrorBoundaryErrorMessageFallback} from '@docusaurus/theme-common';
import {
  MermaidContainerClassName,
  useMermaidRenderResult,
} from '@docusaurus/theme-mermaid/client';
import type {Props} from '@theme/Mermaid';
import type {RenderResult} from 'mermaid';
import {isChunkLoadError} from '@site/src/utils/chunks'; // (CUSTOM)
import {diagramRenderedEvent} from '@site/src/constants'; // (CUSTOM)
import DiagramUnavailable from './Unavailable'; // (CUSTOM)

import styles from './styles.module.css';

function MermaidRenderResult({
  renderResult,
}: {
  renderResult: RenderResult;
}): ReactNode {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const div = ref.current!;
    // (CUSTOM) Only a diagram with tooltips (nodes with a title) gets mermaid's pointer handlers:
    // they call d3's selection.transition(), which this bundle lacks (d3's bundle declares
    // "sideEffects": false, so the line of d3-transition that adds it to d3's selection is
    // dropped), and threw "e.transition is not a function" each time the pointer left any node.
    // Click callbacks, the other thing bound here, are off under mermaid's strict security level.
    if (div.querySelector('.node[title]')) renderResult.bindFunctions?.(div);
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

export default function Diagram(props: Props): ReactNode {
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
