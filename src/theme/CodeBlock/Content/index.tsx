/**
 * Replaces @docusaurus/theme-classic 3.10.2 CodeBlock/Content (a copy of its Pre and Code, 20
 * lines; written against 3.10.2). A block writes its lines as one HTML
 * string (src/prism/linesHtml: the same markup upstream's Line and Token elements give) through
 * dangerouslySetInnerHTML, so the block is a few React elements instead of one per line and
 * token. React does not hydrate inside dangerouslySetInnerHTML: it keeps the server's lines and
 * creates no fibers for them. Measured on /config/routing.html at 4× CPU:
 * 633 of the page's 1,769 hydrated elements were code (bench/results.md; bench/README.md
 * "What costs /config/routing its blocking time"). A block with line numbers (none in the docs today) is
 * written the same way, with upstream Line's number and content spans, so upstream's element
 * rendering (its Content and Line) is not in the code-block chunk of every page.
 *
 * Prism is not needed to hydrate (issue 39): a block React hydrates is given '' as its HTML, which
 * React leaves alone (it neither compares nor replaces the server's lines, and later renders pass
 * the same ''), so a first visit neither downloads nor runs Prism. Only a block the server did not
 * write (one rendered after an in-site navigation, or in a tab rendered on selection) highlights in
 * the browser, through src/prism/tokenizer, whose browser version loads Prism in a chunk of its
 * own: until that has loaded (src/clientModules/prismAhead.ts starts it when a navigation starts)
 * the block shows its text plainly. Should React render the page afresh instead of hydrating it
 * (after a hydration error), a block finds its <code> empty after mount and highlights itself.
 * A hydrated block also remembers the server's lines for the visit, so the same block mounted
 * again needs no Prism either: theme-classic's Tabs remount their panels once the page has
 * hydrated (a key that flips with useIsBrowser, to show a remembered choice), which would
 * otherwise load and run Prism on every page with tabs (/guide/install).
 */
import React, {useEffect, useMemo, useRef, useState, type ComponentProps, type ReactNode} from 'react';
import clsx from 'clsx';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import {usePrismTheme} from '@docusaurus/theme-common';
import type {Props} from '@theme/CodeBlock/Content';
import {linesHtml} from '@site/src/prism/linesHtml';
import {lineProps, normalizeTokens, themeDictionary, tokenProps, type Dictionary} from '@site/src/prism/tokens';
import {loadTokenizer, tokenizerNow, type Tokenize} from '@site/src/prism/tokenizer';
import {isPlainToken} from '../Line/Token';
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';
import lineStyles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Line/styles.module.css';

export type {Props};

const numbered = {codeLine: lineStyles.codeLine!, codeLineNumber: lineStyles.codeLineNumber!, codeLineContent: lineStyles.codeLineContent!};

/** Prism's tokenizer when the block needs it: at once where it is loaded, else once it has loaded. */
function useTokenizer(needed: boolean): Tokenize | undefined {
  const [tokenize, setTokenize] = useState(tokenizerNow);
  useEffect(() => {
    if (!needed || tokenize) return undefined;
    let mounted = true;
    // a failed download leaves the block's text plain (the page works; the next block tries again)
    loadTokenizer().then((loaded) => mounted && setTokenize(() => loaded), () => undefined);
    return () => {
      mounted = false;
    };
  }, [needed, tokenize]);
  return tokenize ?? tokenizerNow();
}

/** The lines the server wrote for blocks hydrated in this visit, by what decides them. */
const serverLines = new Map<string, string>();
const linesKey = (code: string, language: string, numbered: boolean, lineClassNames: LinesProps['lineClassNames']) =>
  JSON.stringify([language, numbered, lineClassNames, code]);

type LinesProps = {
  code: string;
  language: string;
  dictionary: Dictionary;
  lineClassNames: Readonly<Record<number, readonly string[] | undefined>>;
  lineNumbersStart: number | undefined;
};

/** The lines: the server's, kept as they are, or written here (highlighted once Prism is there). */
function Lines({code, language, dictionary, lineClassNames, lineNumbersStart}: LinesProps): ReactNode {
  const isBrowser = useIsBrowser();
  const codeRef = useRef<HTMLElement>(null);
  // hydrating: the browser's first render, before isBrowser turns true
  const [keepsServerLines, setKeepsServerLines] = useState(ExecutionEnvironment.canUseDOM && !isBrowser);
  const isNumbered = lineNumbersStart !== undefined;
  const key = linesKey(code, language, isNumbered, lineClassNames);
  useEffect(() => {
    if (!keepsServerLines) return;
    if (codeRef.current?.firstChild) serverLines.set(key, codeRef.current.innerHTML);
    else setKeepsServerLines(false);
  }, [keepsServerLines, key]);
  const remembered = keepsServerLines ? undefined : serverLines.get(key);
  const tokenize = useTokenizer(!keepsServerLines && remembered === undefined);
  const html = useMemo(
    () => keepsServerLines ? '' : remembered ?? linesHtml({
      lines: tokenize ? tokenize(code, language) : normalizeTokens([code]),
      lineClassNames,
      getLineProps: (input) => lineProps(dictionary, input),
      getTokenProps: (input) => tokenProps(dictionary, input),
      isPlain: isPlainToken,
      numbered: isNumbered ? numbered : undefined,
    }),
    // lineClassNames: a new object on each render of the block, with the same content for the same code
    [keepsServerLines, remembered, tokenize, code, language, dictionary, isNumbered],
  );
  // upstream Code: a numbered block counts its lines from lineNumbersStart
  return (
    <code
      ref={codeRef}
      className={clsx(styles.codeBlockLines, isNumbered && styles.codeBlockLinesWithNumbering)}
      style={isNumbered ? {counterReset: `line-count ${lineNumbersStart - 1}`} : undefined}
      dangerouslySetInnerHTML={{__html: html}}
      suppressHydrationWarning
    />
  );
}

/** upstream Content: Pre as upstream's (tabIndex, classes, word-wrap ref, the theme's plain style), the lines as HTML. */
export default function StringLines({className: classNameProp}: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  const {code, lineClassNames, lineNumbersStart} = metadata;
  // as prism-react-renderer's Highlight
  const language = metadata.language.toLowerCase();
  const dictionary = useMemo(() => themeDictionary(prismTheme, language), [prismTheme, language]);
  return (
    <pre
      ref={wordWrap.codeBlockRef as ComponentProps<'pre'>['ref']}
      tabIndex={0}
      className={clsx(classNameProp, `prism-code language-${language}`, styles.codeBlock, 'thin-scrollbar')}
      style={dictionary.root}>
      <Lines code={code} language={language} dictionary={dictionary} lineClassNames={lineClassNames} lineNumbersStart={lineNumbersStart} />
    </pre>
  );
}
