/**
 * Wraps @docusaurus/theme-classic 3.10.2 CodeBlock/Content (a copy of its Pre and Code, 20
 * lines; written against 3.10.2). A block without line numbers writes its lines as one HTML
 * string (src/prism/linesHtml: the same markup upstream's Line and Token elements give) through
 * dangerouslySetInnerHTML, so the block is a few React elements instead of one per line and
 * token. React does not hydrate inside dangerouslySetInnerHTML: it keeps the server's lines and
 * creates no fibers for them; a later render (the word-wrap check after mount) passes the same
 * string, which React compares and leaves alone. Measured on /config/routing.html at 4× CPU:
 * 633 of the page's 1,769 hydrated elements were code (bench/results.md; bench/README.md
 * "What costs /config/routing its blocking time"). A block with line numbers (none in the docs
 * today) keeps upstream's element rendering.
 */
import React, {useMemo, type ComponentProps, type ReactNode} from 'react';
import clsx from 'clsx';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import {usePrismTheme} from '@docusaurus/theme-common';
import {Highlight} from 'prism-react-renderer';
import Content from '@theme-original/CodeBlock/Content';
import type {Props} from '@theme/CodeBlock/Content';
import {linesHtml, type LinesInput} from '@site/src/prism/linesHtml';
import {isPlainToken} from '../Line/Token';
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';

export type {Props};

/** The lines as HTML, computed once per block (the word-wrap re-render gets the same string). */
function Lines({lines, lineClassNames, getLineProps, getTokenProps}: Omit<LinesInput, 'isPlain'>): ReactNode {
  const html = useMemo(
    () => linesHtml({lines, lineClassNames, getLineProps, getTokenProps, isPlain: isPlainToken}),
    // lineClassNames: a new object on each render of the block, with the same content for the same code
    [lines, getLineProps, getTokenProps],
  );
  // upstream Code: a numbered block's counter is not needed here (numbered blocks render upstream's Content)
  return <code className={styles.codeBlockLines} dangerouslySetInnerHTML={{__html: html}} />;
}

/** upstream Content without numbered lines: Pre as upstream's (tabIndex, classes, word-wrap ref), the lines as HTML. */
function StringLines({className: classNameProp}: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  const {code, language, lineClassNames} = metadata;
  return (
    <Highlight theme={prismTheme} code={code} language={language}>
      {({className, style, tokens, getLineProps, getTokenProps}) => (
        <pre
          ref={wordWrap.codeBlockRef as ComponentProps<'pre'>['ref']}
          tabIndex={0}
          className={clsx(classNameProp, className, styles.codeBlock, 'thin-scrollbar')}
          style={style}>
          <Lines lines={tokens} lineClassNames={lineClassNames} getLineProps={getLineProps} getTokenProps={getTokenProps as LinesInput['getTokenProps']} />
        </pre>
      )}
    </Highlight>
  );
}

export default function ContentWrapper(props: Props): ReactNode {
  const {metadata} = useCodeBlockContext();
  return metadata.lineNumbersStart === undefined ? <StringLines {...props} /> : <Content {...props} />;
}
