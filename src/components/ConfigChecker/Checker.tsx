/**
 * The checker itself (loaded by ./index.tsx on this page only, once the reader starts using the
 * plain box it shows until then): a CodeMirror 6 editor, the version choice, and the problem list.
 * It starts from what the reader gave the plain box (./draft.ts). Everything runs here: the
 * schemas are bundled chunks, fetched with this one, so checking sends nothing anywhere.
 */
import React, {useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode} from 'react';
import {Compartment, EditorState} from '@codemirror/state';
import {EditorView, keymap, lineNumbers, placeholder} from '@codemirror/view';
import {defaultKeymap, history, historyKeymap} from '@codemirror/commands';
import {json} from '@codemirror/lang-json';
import {syntaxHighlighting} from '@codemirror/language';
import {setDiagnostics, type Diagnostic} from '@codemirror/lint';
import {classHighlighter} from '@lezer/highlight';
import Link from '@docusaurus/Link';
import Translate, {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {docsRepoUrl} from '@site/config/navbar';
import {FIT_LIMIT} from '@site/src/configCheck/version';
import {SHOWN_PROBLEMS} from '@site/src/configCheck/problems';
import {byteProblems, checkText, type TextCheck} from '@site/src/configCheck/check';
import type {Problem, Version} from '@site/src/configCheck/types';
import {decodeBytes} from '@site/src/configCheck/bytes';
import type {WorkerAnswer, WorkerRequest} from '@site/src/configCheck/worker';
import {startCheckWorker, type WorkerLike} from './checkWorker';
import {formatProblem, needsUuid} from '@site/src/configCheck/messages';
import {langOfLocale} from '@site/src/utils/lang';
import {makeValidator, type Validator} from '@site/src/configCheck/validate';
import {configCheckDebounceMs, configCheckMaxFileBytes} from '@site/src/constants';
import {ensureCheckerCss} from './checkerCss';
import TracePanel from '@site/src/components/TracePanel';
import {useConfigFromHash} from './useConfigFromHash';
import {shadowWorker} from '@site/src/components/TracePanel/shadow';
import {loadSchemas} from './schemas';
import {CheckerHelp, FileButton, FormatOptions} from './controls';
import {editorSelection, type Choice, type Draft} from './draft';

type Schema = Record<string, unknown>;
export type Props = {draft: Draft};
type Ready = {schemas: Record<Version, Schema>; validators: Record<Version, Validator>};
type Outcome = (TextCheck & {total: number}) | {failed: string} | null;
/** An opened or dropped file as read from its bytes: what reading found holds while the editor shows that text unchanged. */
type OpenedFile = {text: string; problems: Problem[]; utf16: boolean};
/** The editor's JSON language: on for texts of a configuration's size, off above FIT_LIMIT. */
const highlighting = new Compartment();

export default function Checker({draft}: Props): ReactNode {
  const {i18n} = useDocusaurusContext();
  const lang = langOfLocale(i18n.currentLocale);
  const ids = {version: useId(), editor: useId(), status: useId(), file: useId(), help: useId()};
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const [ready, setReady] = useState<Ready | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [text, setText] = useState(draft.text);
  const [choice, setChoiceState] = useState<Choice>(draft.choice);
  const setChoice = (c: Choice) => { draft.choice = c; setChoiceState(c); };
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [opened, setOpened] = useState<OpenedFile | null>(null);

  const replaceText = useCallback((next: string) => {
    const v = view.current;
    if (v) v.dispatch({changes: {from: 0, to: v.state.doc.length, insert: next}});
  }, []);

  const readFile = useCallback(async (file: File) => {
    setFileError(null);
    if (file.size > configCheckMaxFileBytes) {
      setFileError(translate({id: 'site.ConfigChecker.fileTooBig', message: '文件 {name} 超过 1 MB，不像是配置文件，没有读入。'}, {name: file.name}));
      return;
    }
    try {
      // the bytes, not file.text(): that drops a byte-order mark and hides UTF-16, which V2Ray refuses
      const decoded = decodeBytes(new Uint8Array(await file.arrayBuffer()));
      setOpened({text: decoded.text, problems: byteProblems(decoded), utf16: decoded.utf16 !== undefined});
      replaceText(decoded.text);
    } catch {
      setFileError(translate({id: 'site.ConfigChecker.fileUnreadable', message: '没能读取文件 {name}。'}, {name: file.name}));
    }
  }, [replaceText]);

  ensureCheckerCss();

  // the check runs in a worker (src/configCheck/worker.ts) so that typing never waits for it; it
  // gets the schemas the page already has. Without workers (or if one cannot start) the check
  // runs here, as before.
  const worker = useRef<WorkerLike | null>(null);
  const [workerFailed, setWorkerFailed] = useState(false);
  const latest = useRef(0);
  const [answer, setAnswer] = useState<WorkerAnswer | null>(null);

  // the schemas: nothing to compile (./validate walks them), so the page is ready once they are
  // here and the workers have started (or could not): the workers are started at once, while the
  // schemas are fetched, and the page says it is ready only when the worker has loaded all its
  // code, so that nothing is fetched while the reader checks
  useEffect(() => {
    let live = true;
    const started = startCheckWorker(
      () => (typeof Worker === 'undefined' ? null
        : new Worker(/* webpackChunkName: "config-check-worker" */ new URL('../../configCheck/worker.ts', import.meta.url), {type: 'module'})),
      (a) => { if (a.id === latest.current) setAnswer(a); },
      () => { worker.current = null; setAnswer(null); setWorkerFailed(true); },
    );
    // the trace panel's worker too, so that the first configuration fetches nothing
    const shadow = shadowWorker();
    Promise.all([loadSchemas(), started.up, shadow?.up]).then(([schemas]) => {
      if (!live) return;
      worker.current = started.current();
      worker.current?.postMessage({type: 'schemas', schemas} satisfies WorkerRequest);
      setReady({schemas, validators: {v4: makeValidator(schemas.v4), v5: makeValidator(schemas.v5)}});
    }).catch(() => { if (live) setLoadError(true); });
    return () => { live = false; started.stop(); worker.current = null; };
  }, []);

  // in the commit that removes the plain box (a layout effect), so that no key falls between the two
  useLayoutEffect(() => {
    if (!host.current) return undefined;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: '',
        extensions: [
          lineNumbers(),
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          highlighting.of(json()),
          syntaxHighlighting(classHighlighter),
          placeholder(translate({id: 'site.ConfigChecker.placeholder', message: '在这里粘贴或输入 config.json，也可以把文件拖到这里'})),
          EditorView.contentAttributes.of({
            'aria-label': translate({id: 'site.ConfigChecker.editorLabel', message: '配置文件内容'}),
            'aria-describedby': ids.help,
            'data-testid': 'config-editor',
          }),
          EditorView.updateListener.of((u) => {
            if (!u.docChanged) return;
            const now = u.state.doc.toString();
            draft.text = now;
            setText(now);
            // JSON highlighting parses the whole text in the background, in slices that held keys
            // back 100-300 ms with 1 MB in the editor (tests/e2e/config-checker-typing.spec.ts):
            // above FIT_LIMIT the text is shown plain. Reconfigured after this update, not inside it.
            const plain = u.state.doc.length > FIT_LIMIT;
            const current = highlighting.get(u.state);
            if (plain !== (Array.isArray(current) && current.length === 0)) {
              const view = u.view;
              queueMicrotask(() => view.dispatch({effects: highlighting.reconfigure(plain ? [] : json())}));
            }
          }),
          EditorView.domEventHandlers({
            drop: (event) => {
              const file = event.dataTransfer?.files[0];
              if (!file) return false;
              event.preventDefault();
              void readFile(file);
              return true;
            },
          }),
        ],
      }),
    });
    view.current = editor;
    // the reader's text as a change, as a #trace= link's always came: the listener above sees it
    // (plain text above FIT_LIMIT), and the editor lays out as many lines as it did then
    if (draft.text) editor.dispatch({changes: {from: 0, insert: draft.text}, selection: editorSelection(draft)});
    if (draft.focused) editor.focus();
    return () => { editor.destroy(); view.current = null; };
  }, [ids.help, readFile, draft]);

  // a file chosen or dropped on the plain box before the editor came
  useEffect(() => {
    const file = draft.file;
    if (!file) return;
    draft.file = null;
    void readFile(file);
  }, [draft, readFile]);

  // after the editor exists; an address whose configuration cannot be read gets a message, not a silent empty editor
  const [hashBroken, setHashBroken] = useState(false);
  // the text a #trace= link brought, while the reader has not changed it: the trace panel gets its
  // value whatever its size (a link carries a configuration to trace); text typed or pasted gets
  // it only up to FIT_LIMIT, since copying a larger value to the page on every check holds keys back
  const fromHash = useRef<string | null>(draft.fromHash);
  const replaceFromHash = useCallback((t: string) => {
    fromHash.current = t;
    draft.fromHash = t;
    draft.hashTaken = window.location.hash;
    replaceText(t);
  }, [replaceText, draft]);
  // the fragment the plain box already took is in the editor (perhaps changed since): not loaded again
  useConfigFromHash(replaceFromHash, setHashBroken, draft.hashTaken);

  // what reading the opened file's bytes found holds while its text is unchanged
  const fromFile = opened && opened.text === text ? opened : null;
  const withFile = useCallback((result: TextCheck & {total: number}): Outcome => (fromFile
    ? {...result, problems: [...fromFile.problems, ...result.problems], total: result.total + fromFile.problems.length} : result), [fromFile]);

  // check a moment after the last change
  useEffect(() => {
    if (!ready) return undefined;
    const timer = setTimeout(() => {
      latest.current += 1;
      if (!text.trim() || text.length > configCheckMaxFileBytes) { setOutcome(null); return; }
      if (fromFile?.utf16) { setOutcome({version: choice === 'auto' ? 'v4' : choice, detected: null, problems: fromFile.problems, total: fromFile.problems.length}); return; }
      if (worker.current && !workerFailed) {
        const wantValue = text.length <= FIT_LIMIT || text === fromHash.current;
        worker.current.postMessage({type: 'check', id: latest.current, text, choice, wantValue} satisfies WorkerRequest);
        return;
      }
      try {
        const result = checkText(text, ready.schemas, ready.validators, choice, SHOWN_PROBLEMS);
        setOutcome(withFile({...result, total: result.problems.length}));
      } catch (error) {
        // a mistake of the checker, not of the file: say so, and how to tell us
        setOutcome({failed: error instanceof Error ? `${error.name}: ${error.message}` : String(error)});
      }
    }, configCheckDebounceMs);
    return () => clearTimeout(timer);
  }, [text, choice, ready, fromFile, withFile, workerFailed]);

  // the worker's answer to the latest text
  useEffect(() => {
    if (!answer || answer.id !== latest.current) return;
    setOutcome('failed' in answer ? {failed: answer.failed} : withFile(answer.result));
  }, [answer, withFile]);

  // marks in the editor
  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const length = v.state.doc.length;
    const diagnostics: Diagnostic[] = (outcome && 'problems' in outcome ? outcome.problems.slice(0, SHOWN_PROBLEMS) : []).map((p) => ({
      from: Math.min(p.from, length), to: Math.min(Math.max(p.to, p.from), length), severity: p.severity ?? 'error', message: formatProblem(p, lang),
    }));
    v.dispatch(setDiagnostics(v.state, diagnostics));
  }, [outcome, lang]);

  const goTo = (p: Problem) => {
    const v = view.current;
    if (!v) return;
    const length = v.state.doc.length;
    v.dispatch({selection: {anchor: Math.min(p.from, length), head: Math.min(p.to, length)}, scrollIntoView: true});
    v.focus();
  };

  const tooBig = text.length > configCheckMaxFileBytes;
  const failed = outcome && 'failed' in outcome ? outcome.failed : null;
  const checked = outcome && 'problems' in outcome ? outcome : null;
  const status = tooBig ? translate({id: 'site.ConfigChecker.textTooBig', message: '内容超过 1 MB，不像是配置文件，没有检查。'})
    : loadError ? translate({id: 'site.ConfigChecker.schemaFailed', message: '检查规则没能载入，请刷新页面重试。'})
    : !ready ? translate({id: 'site.ConfigChecker.preparing', message: '正在准备检查规则……'})
      : failed !== null ? translate({id: 'site.ConfigChecker.failed', message: '检查器自身出错，没能检查这段内容。这不是你的配置的问题。'})
      : !checked ? translate({id: 'site.ConfigChecker.idle', message: '粘贴或输入配置后，这里会列出发现的问题。'})
        : checked.problems.length === 0
          ? translate({id: 'site.ConfigChecker.noProblems', message: '按 {version} 配置检查，没有发现问题。'}, {version: checked.version})
          : translate({id: 'site.ConfigChecker.problems', message: '按 {version} 配置检查，发现 {count} 个问题。'}, {version: checked.version, count: checked.total});
  // checked as v4 only because its keys did not tell: say so, with the way out
  const guessed = choice === 'auto' && checked && !checked.detected && !failed && !tooBig && !loadError
    ? translate({id: 'site.ConfigChecker.assumedV4', message: '从键名看不出这是 v4 还是 v5 配置，所以按 v4 检查；如果它是 v5 配置，请在“配置格式”中选择 v5。'}) : '';
  // the file fits neither format and its keys do not tell: what v5 would say, so a v5 file is not lost
  const other = checked?.otherTry && !failed && !tooBig ? checked.otherTry : null;
  const otherText = !other ? '' : other.count === 0
    ? translate({id: 'site.ConfigChecker.otherTryClean', message: '也按 v5 检查过：按 v5 没有发现问题。'})
    : translate({id: 'site.ConfigChecker.otherTry', message: '也按 v5 检查过：按 v5 会发现 {count} 个问题，第一个是：{first}'},
      {count: other.count, first: other.first ? `${other.first.path ? `${other.first.path} ` : ''}${formatProblem(other.first, lang)}` : ''});
  const reportUrl = failed === null ? '' : `${docsRepoUrl}/issues/new?title=${encodeURIComponent('Config checker: an error while checking')}&body=${encodeURIComponent(`${failed}\n\n(Attach the configuration if you can; remove passwords and addresses first.)`)}`;

  return (
    <>
      <div className="cc-toolbar">
        <label htmlFor={ids.version}><Translate id="site.ConfigChecker.versionLabel">配置格式</Translate></label>
        <select id={ids.version} value={choice} onChange={(e) => setChoice(e.target.value as Choice)} className="cc-select">
          <FormatOptions />
        </select>
        {choice === 'auto' && checked && (
          <span className="cc-detected" data-testid="detected">
            {checked.detected
              ? translate({id: 'site.ConfigChecker.detected', message: '看起来是 {version} 配置'}, {version: checked.detected})
              : translate({id: 'site.ConfigChecker.undetected', message: '看不出版本，按 v4 检查'})}
          </span>
        )}
        <FileButton id={ids.file} onFile={(f) => { void readFile(f); }} />
      </div>
      <CheckerHelp id={ids.help} />
      {fileError && <p className="cc-fileError" role="alert">{fileError}</p>}
      {hashBroken && (
        <p className="cc-fileError" role="alert" data-testid="trace-hash-broken">
          {translate({id: 'site.ConfigChecker.traceHashBroken', message: '地址中 #trace= 后面的配置无法解码，可能在复制时被截断了。请回到示例所在的页面，重新点击“在检查器中追踪这个示例”，或者把配置直接粘贴到这里。'})}
        </p>
      )}
      <div ref={host} id={ids.editor} className="cc-editor" />
      <p id={ids.status} className="cc-status" role="status" data-testid="check-status">{status}{guessed && ` ${guessed}`}</p>
      {otherText && <p className="cc-help" data-testid="other-try">{otherText}</p>}
      {failed !== null && (
        <p className="cc-failed" role="alert" data-testid="check-failed">
          <Translate id="site.ConfigChecker.failedHelp">请把下面这行错误信息报告给我们，能附上配置更好（先删去密码和地址）：</Translate>{' '}
          <code>{failed}</code>{' '}
          <a href={reportUrl} target="_blank" rel="noopener noreferrer">
            <Translate id="site.ConfigChecker.report">报告这个问题</Translate>
          </a>
        </p>
      )}
      {checked && checked.problems.length > 0 && (
        <ol className="cc-problems" aria-labelledby={ids.status} data-testid="problems">
          {checked.problems.slice(0, SHOWN_PROBLEMS).map((p, i) => (
            <li key={`${p.from}-${i}`} className="cc-problem">
              <button type="button" className="cc-where" onClick={() => goTo(p)}>
                {translate({id: 'site.ConfigChecker.lineColumn', message: '第 {line} 行，第 {column} 列'}, {line: p.line, column: p.column})}
              </button>
              {p.severity === 'warning' && <span className="cc-warning">{translate({id: 'site.ConfigChecker.warning', message: '警告'})}</span>}
              {p.path && <code className="cc-path">{p.path}</code>}
              <span className="cc-message">{formatProblem(p, lang)}</span>
              {needsUuid(p) && (
                <Link className="cc-docs" to="/awesome/tools#uuid">{translate({id: 'site.ConfigChecker.uuidGenerator', message: 'UUID 生成器'})}</Link>
              )}{' '}
              {p.docs && (
                <Link className="cc-docs" to={p.docs}>
                  {translate({id: 'site.ConfigChecker.docs', message: '文档'})}
                  <span className="cc-srOnly">{translate({id: 'site.ConfigChecker.docsFor', message: '：{path} 的说明'}, {path: p.path || p.docs})}</span>
                </Link>
              )}
            </li>
          ))}
        </ol>
      )}
      {checked && checked.total > SHOWN_PROBLEMS && (
        <p className="cc-more" data-testid="more-problems">
          {translate({id: 'site.ConfigChecker.moreProblems', message: '只列出前 {shown} 个问题，还有 {count} 个没有列出：先改正上面这些再检查。'},
            {shown: SHOWN_PROBLEMS, count: checked.total - SHOWN_PROBLEMS})}
        </p>
      )}
      {checked?.value !== undefined && <TracePanel value={checked.value} version={checked.version} lang={lang} />}
    </>
  );
}
