import React, {useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode} from 'react';
import BrowserOnly from '@docusaurus/BrowserOnly';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import Translate, {translate} from '@docusaurus/Translate';
import {loadOnce, useChunk} from '@site/src/utils/chunks';
import {prefetchTracePanel} from '@site/src/components/TracePanel/load';
import {loadSchemas} from './schemas';
import {ensureCheckerCss} from './checkerCss';
import {fromFragment, newDraft, type Choice, type Draft} from './draft';
import type {Props as CheckerProps} from './Checker';
import {CheckerHelp, FileButton, FormatOptions} from './controls';

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
    <p className="cc-fileError" role="alert" data-testid="checker-load-failed">
      <Translate id="site.ConfigChecker.loadFailed">检查器没能载入，网络可能断开了。</Translate>{' '}
      <Translate id="site.ConfigChecker.loadFailedKept">你输入的内容还在这里。</Translate>{' '}
      <button type="button" className="button button--secondary button--sm" onClick={retry}>
        <Translate id="site.ConfigChecker.retry">重试</Translate>
      </button>
    </p>
  );
}

const loadChecker: () => Promise<ComponentType<CheckerProps>> = loadOnce(() => import(/* webpackChunkName: "config-checker-ui" */ './Checker').then((m) => m.default));

/**
 * The checker's chunks: the editor and the validator, the schemas, the trace panel. Fetched when
 * the reader starts using the checker, not with the page (the page's own bytes stay within the
 * site's budget, bench/growth.md): all at once, so the page is ready one round of fetching sooner.
 */
function fetchChecker(): void {
  loadChecker().catch(() => undefined);
  loadSchemas().catch(() => undefined);
  prefetchTracePanel();
}

type Phase = 'idle' | 'loading' | 'failed';

/**
 * The checker's controls as plain elements, shown until the editor has loaded: a text box that
 * takes typing, pasting and a dropped file, the format and the file button. Using any of them
 * (focusing the box, dropping or choosing a file) calls `start`; everything given is kept in
 * `draft` for the checker to start from.
 */
function PlainChecker({draft, phase, start, retry}: {draft: Draft; phase: Phase; start: () => void; retry: () => void}): ReactNode {
  const ids = {version: useId(), editor: useId(), file: useId(), help: useId()};
  const box = useRef<HTMLTextAreaElement>(null);
  ensureCheckerCss();

  const keep = useCallback(() => {
    const b = box.current;
    if (!b) return;
    draft.text = b.value;
    draft.selection = {start: b.selectionStart, end: b.selectionEnd, backward: b.selectionDirection === 'backward'};
  }, [draft]);

  // shown again (after the checker failed while it ran): the text, caret and focus come back;
  // replaced by the editor: where the caret was and whether the box had the focus go to it
  useLayoutEffect(() => {
    const b = box.current;
    if (!b) return undefined;
    b.value = draft.text;
    b.setSelectionRange(draft.selection.start, draft.selection.end, draft.selection.backward ? 'backward' : 'forward');
    if (draft.focused) b.focus();
    return () => {
      draft.focused = document.activeElement === b;
      draft.text = b.value;
      draft.selection = {start: b.selectionStart, end: b.selectionEnd, backward: b.selectionDirection === 'backward'};
    };
  }, [draft]);

  // a configuration in the address (a "trace this example" link): shown at once, and the checker fetched
  useEffect(() => {
    const onHash = (): void => {
      const {hash} = window.location;
      const asked = fromFragment(hash);
      // (the fragment the box already took is not put back over what the reader has changed since)
      if (asked.text !== null && hash !== draft.hashTaken && box.current) {
        box.current.value = asked.text;
        // the caret at the start, where the editor put it when it took a link's text
        box.current.setSelectionRange(0, 0);
        keep();
        draft.fromHash = asked.text;
        draft.hashTaken = hash;
      }
      if (asked.load) start();
    };
    onHash();
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [draft, keep, start]);

  const takeFile = (file: File | undefined): void => {
    if (!file) return;
    draft.file = file;
    start();
  };

  return (
    <>
      <div className="cc-toolbar">
        <label htmlFor={ids.version}><Translate id="site.ConfigChecker.versionLabel">配置格式</Translate></label>
        <select id={ids.version} defaultValue={draft.choice} onChange={(e) => { draft.choice = e.target.value as Choice; }} className="cc-select">
          <FormatOptions />
        </select>
        <FileButton id={ids.file} onFile={takeFile} />
      </div>
      <CheckerHelp id={ids.help} />
      {phase === 'failed' && <LoadFailed retry={retry} />}
      <div id={ids.editor} className="cc-editor">
        <textarea ref={box} className="cc-plain" data-testid="config-editor" aria-describedby={ids.help}
          aria-label={translate({id: 'site.ConfigChecker.editorLabel', message: '配置文件内容'})}
          placeholder={translate({id: 'site.ConfigChecker.placeholder', message: '在这里粘贴或输入 config.json，也可以把文件拖到这里'})}
          spellCheck={false} autoCapitalize="off" autoComplete="off" autoCorrect="off" wrap="off"
          onFocus={start} onInput={keep} onSelect={keep}
          onDragOver={(e) => { if (e.dataTransfer.types.includes('Files')) e.preventDefault(); }}
          onDrop={(e) => {
            const file = e.dataTransfer.files[0];
            if (!file) return;
            e.preventDefault();
            takeFile(file);
          }} />
      </div>
      <p className="cc-status" role="status" data-testid="check-status">
        {phase === 'loading'
          ? translate({id: 'site.ConfigChecker.loading', message: '正在载入检查器……'})
          : phase === 'idle' ? translate({id: 'site.ConfigChecker.idle', message: '粘贴或输入配置后，这里会列出发现的问题。'}) : ''}
      </p>
    </>
  );
}

/**
 * The plain controls until the reader starts, then the editor, the validator and the schemas:
 * this page's own chunks (src/utils/chunks says why not React.lazy).
 */
function LazyChecker(): ReactNode {
  const [draft] = useState(newDraft);
  const [wanted, setWanted] = useState(false);
  const started = useRef(false);
  const start = useCallback(() => {
    if (started.current) return;
    started.current = true;
    // the fetches start in the reader's own event, not a render later
    fetchChecker();
    setWanted(true);
  }, []);
  const [checker, retryChunk] = useChunk(loadChecker, wanted);
  const retry = useCallback(() => { fetchChecker(); retryChunk(); }, [retryChunk]);
  if (!wanted || checker.status !== 'ready') {
    const phase: Phase = !wanted ? 'idle' : checker.status === 'failed' ? 'failed' : 'loading';
    return <PlainChecker draft={draft} phase={phase} start={start} retry={retry} />;
  }
  const Checker = checker.value;
  // a fault while it renders: the plain box with the reader's text, the same message, and a way to try again
  return (
    <ErrorBoundary fallback={({tryAgain}) => <PlainChecker draft={draft} phase="failed" start={start} retry={() => { retry(); tryAgain(); }} />}>
      <Checker draft={draft} />
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
