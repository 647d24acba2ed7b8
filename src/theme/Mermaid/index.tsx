/**
 * Replaces @docusaurus/theme-mermaid 3.10.2's Mermaid (its rendering is ./Diagram, ejected).
 * - A diagram drawn at build time (src/plugins/staticDiagrams, which renders this component as
 *   `<mermaid diagram={id} html={markup} />`: one SVG whose colours follow `[data-theme]` through
 *   its own stylesheet, or, for a diagram whose two drawings differ in more than colour, an SVG
 *   per colour mode, of which ./styles.module.css shows the current mode's) is written as that
 *   HTML, which React does not hydrate inside. No diagram code loads. The markup is in the page's HTML only: the
 *   browser's bundle gets `html={null}`, and the component takes the markup the server wrote; after
 *   a navigation inside the site there is none, and it fetches the page's HTML for it (a failed
 *   fetch shows ./Unavailable, whose retry fetches again).
 * The rest is the fallback, for a build that had no Chromium to draw with (`value`, the text):
 * - The diagram's code (./Diagram and the mermaid library, about 190 KB gzip, more than the rest
 *   of the page's code) is imported only when the diagram comes within `nearScreens` screens of
 *   the viewport: a reader who never scrolls to a diagram far down a page does not download it,
 *   and every doc page's first code no longer carries the diagram's rendering.
 * - Code that cannot load (the library or ./Diagram: after a new deployment, or on a broken
 *   connection) shows a short translated message and a retry button (./Unavailable), not
 *   webpack's raw "Loading chunk … failed. (error: http://…)" (as src/clientModules/chunkErrors.ts
 *   does for a page's own code). The library is imported here before upstream's loader asks for
 *   it, because that loader keeps a failed import for good and a retry through it could never
 *   succeed; once loaded, webpack hands the loader the same module.
 */
import React, {useEffect, useRef, useState, type ComponentType, type ReactNode, type RefObject} from 'react';
import type {Props as MermaidProps} from '@theme/Mermaid';
import styles from './styles.module.css';
import {diagramRenderedEvent} from '@site/src/constants';
import DiagramUnavailable from './Unavailable';

/** theme-mermaid's props, or a diagram drawn at build time (its `html` only). */
export type Props = (MermaidProps & {diagram?: undefined}) | {value?: undefined; diagram: string; html: string | null};

/** theme-mermaid's MermaidContainerClassName (imported from its client module, it would bring the loader). */
const containerClassName = 'docusaurus-mermaid-container';

/**
 * How far ahead of the reader a diagram's code starts loading, in screens (IntersectionObserver's
 * rootMargin, above and below): far enough for a reader scrolling at reading pace on a slow
 * connection (190 KB at 1.6 Mbit/s is about a second), near enough that a diagram well down a long
 * page is not loaded with the page.
 */
const nearScreens = 1.5;

/** True once `ref`'s element has come within `nearScreens` screens of the viewport. */
function useNear(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, {rootMargin: `${nearScreens * 100}% 0px`});
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

type Code = {state: 'waiting' | 'loading' | 'failed'} | {state: 'ready'; Diagram: ComponentType<MermaidProps>};

/** Imports ./Diagram and the mermaid library once per attempt, once `near`; after mount, as upstream's loader does. */
function useDiagramCode(attempt: number, near: boolean): Code {
  const [code, setCode] = useState<Code>({state: 'waiting'});
  useEffect(() => {
    if (!near) return undefined;
    let current = true;
    setCode({state: 'loading'});
    Promise.all([import('./Diagram'), import('mermaid')]).then(
      ([diagram]) => current && setCode({state: 'ready', Diagram: diagram.default}),
      () => current && setCode({state: 'failed'}),
    );
    return () => {
      current = false;
    };
  }, [attempt, near]);
  return code;
}

export default function Mermaid(props: Props): ReactNode {
  if (props.diagram !== undefined) return <DrawnDiagram diagram={props.diagram} html={props.html} />;
  return <ClientMermaid value={props.value} />;
}

/** A drawn diagram's container in the page: where the server wrote its markup. */
const drawnSelector = (diagram: string) => `[data-diagram="${diagram}"]`;

/** The markup the server wrote for `diagram`, while the server's page is still there (hydration). */
function markupInPage(diagram: string): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector(drawnSelector(diagram))?.innerHTML ?? null;
}

/** The markup of `diagram` in the page's HTML, fetched (a navigation inside the site). */
async function fetchMarkup(diagram: string): Promise<string> {
  const response = await fetch(window.location.pathname);
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  const found = page.querySelector(drawnSelector(diagram));
  if (!found) throw new Error(`no diagram ${diagram} in the page`);
  return found.innerHTML;
}

function DrawnDiagram({diagram, html}: {diagram: string; html: string | null}): ReactNode {
  const [markup, setMarkup] = useState<string | null>(() => html ?? markupInPage(diagram));
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const fetched = useRef(false);
  useEffect(() => {
    // Once a fetched diagram is in the page, src/clientModules/imageZoom.ts gives it its zoom.
    if (fetched.current && markup !== null) window.dispatchEvent(new Event(diagramRenderedEvent));
  }, [markup]);
  useEffect(() => {
    if (markup !== null) return undefined;
    let current = true;
    fetchMarkup(diagram).then(
      (found) => {
        if (!current) return;
        fetched.current = true;
        setMarkup(found);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [diagram, markup, attempt]);
  if (failed) {
    return <DiagramUnavailable retry={() => {
      setFailed(false);
      setAttempt((n) => n + 1);
    }} />;
  }
  return (
    <div
      data-diagram={diagram}
      className={`${containerClassName} ${styles.container} ${styles.drawn}`}
      // eslint-disable-next-line react/no-danger
      dangerouslySetInnerHTML={{__html: markup ?? ''}}
    />
  );
}

/** Drawn in the reader's browser: the fallback. */
function ClientMermaid(props: MermaidProps): ReactNode {
  const [attempt, setAttempt] = useState(0);
  const placeholder = useRef<HTMLDivElement>(null);
  const code = useDiagramCode(attempt, useNear(placeholder));
  if (code.state === 'failed') {
    return <DiagramUnavailable retry={() => setAttempt((n) => n + 1)} />;
  }
  if (code.state !== 'ready') {
    // Where the diagram will be drawn: watched until it comes near the viewport.
    return <div ref={placeholder} data-diagram-pending="" />;
  }
  const {Diagram} = code;
  return <Diagram {...props} />;
}
