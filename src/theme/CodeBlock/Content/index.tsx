/**
 * Replaces @docusaurus/theme-classic 3.10.2 CodeBlock/Content (a copy of its Pre and Code, 20
 * lines; written against 3.10.2). A block writes its lines as one HTML
 * string (src/prism/linesHtml: the same markup upstream's Line and Token elements give) through
 * dangerouslySetInnerHTML, so the block is a few React elements instead of one per line and
 * token. React does not hydrate inside dangerouslySetInnerHTML: it keeps the server's lines and
 * creates no fibers for them; a later render (the word-wrap check after mount) passes the same
 * string, which React compares and leaves alone. Measured on /config/routing.html at 4× CPU:
 * 633 of the page's 1,769 hydrated elements were code (bench/results.md; bench/README.md
 * "What costs /config/routing its blocking time"). A block with line numbers (none in the docs today) is
 * written the same way, with upstream Line's number and content spans, so upstream's element
 * rendering (its Content and Line) is not in the code-block chunk of every page.
 */
import React, {useMemo, type ComponentProps, type ReactNode} from 'react';
import clsx from 'clsx';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import {usePrismTheme} from '@docusaurus/theme-common';
import {Highlight} from 'prism-react-renderer';
import type {Props} from '@theme/CodeBlock/Content';
import {linesHtml, type LinesInput} from '@site/src/prism/linesHtml';
import {isPlainToken} from '../Line/Token';
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';
import lineStyles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Line/styles.module.css';

export type {Props};

const numbered = {codeLine: lineStyles.codeLine!, codeLineNumber: lineStyles.codeLineNumber!, codeLineContent: lineStyles.codeLineContent!};

type LinesProps = Omit<LinesInput, 'isPlain' | 'numbered'> & {lineNumbersStart: number | undefined};

/** The lines as HTML, computed once per block (the word-wrap re-render gets the same string). */
function Lines({lines, lineClassNames, getLineProps, getTokenProps, lineNumbersStart}: LinesProps): ReactNode {
  const isNumbered = lineNumbersStart !== undefined;
  const html = useMemo(
    () => linesHtml({lines, lineClassNames, getLineProps, getTokenProps, isPlain: isPlainToken, numbered: isNumbered ? numbered : undefined}),
    // lineClassNames: a new object on each render of the block, with the same content for the same code
    [lines, getLineProps, getTokenProps, isNumbered],
  );
  // upstream Code: a numbered block counts its lines from lineNumbersStart
  return (
    <code
      className={clsx(styles.codeBlockLines, isNumbered && styles.codeBlockLinesWithNumbering)}
      style={isNumbered ? {counterReset: `line-count ${lineNumbersStart - 1}`} : undefined}
      dangerouslySetInnerHTML={{__html: html}}
    />
  );
}

/** upstream Content: Pre as upstream's (tabIndex, classes, word-wrap ref), the lines as HTML. */
export default function StringLines({className: classNameProp}: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  const {code, language, lineClassNames, lineNumbersStart} = metadata;
  return (
    <Highlight theme={prismTheme} code={code} language={language}>
      {({className, style, tokens, getLineProps, getTokenProps}) => (
        <pre
          ref={wordWrap.codeBlockRef as ComponentProps<'pre'>['ref']}
          tabIndex={0}
          className={clsx(classNameProp, className, styles.codeBlock, 'thin-scrollbar')}
          style={style}>
          <Lines lines={tokens} lineClassNames={lineClassNames} getLineProps={getLineProps} getTokenProps={getTokenProps as LinesInput['getTokenProps']} lineNumbersStart={lineNumbersStart} />
        </pre>
      )}
    </Highlight>
  );
}
