/**
 * Wraps @docusaurus/theme-classic 3.10.2 DocItem/Content.
 * An English page whose Chinese source changed after it was translated says so right under its
 * title, with a link to the Chinese page (issue 22). Whether it is behind is decided at build
 * time from git (src/plugins/translationStatus) and reaches the page as the front matter key
 * `translationBehind: {date, commit}`, which the docusaurus.config.ts parseFrontMatter hook adds;
 * without git, in the dev server, or on a page that is up to date the key is absent and nothing
 * renders. The notice goes first among the content's children, so it sits under the title
 * DocItem/Content renders, inside the same `.markdown` block. It is left out of the local search
 * index (config/search.ts ignoreCssSelectors: .doc-translation-behind).
 * useAlternatePageUtils comes from @docusaurus/theme-common/internal, as in the locale dropdown.
 */
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import {useAlternatePageUtils} from '@docusaurus/theme-common/internal';
import Translate from '@docusaurus/Translate';
import type {TranslationBehind} from '@site/src/plugins/translationStatus';
import styles from './styles.module.css';

export type Props = WrapperProps<typeof ContentType>;

/** The page's source language: the notice links there. */
const sourceLocale = 'zh-CN';

function isTranslationBehind(value: unknown): value is TranslationBehind {
  if (typeof value !== 'object' || value === null) return false;
  const {date} = value as Record<string, unknown>;
  return typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date);
}

function useTranslationBehind(): TranslationBehind | null {
  const {translationBehind} = useDoc().frontMatter as {translationBehind?: unknown};
  return isTranslationBehind(translationBehind) ? translationBehind : null;
}

function TranslationNotice({date}: {date: string}): ReactNode {
  const sourceUrl = useAlternatePageUtils().createUrl({locale: sourceLocale, fullyQualified: false});
  return (
    <p className={clsx('doc-translation-behind', styles.notice)}>
      <Translate
        id="site.DocItemContent.translationBehind"
        values={{
          source: (
            <a href={sourceUrl} hrefLang={sourceLocale}>
              <Translate id="site.DocItemContent.translationBehindLink">本页的中文版</Translate>
            </a>
          ),
          date: <time dateTime={date}>{date}</time>,
        }}>
        {'{source}在本译文之后有改动（{date}），可能更准确。'}
      </Translate>
    </p>
  );
}

export default function ContentWrapper({children, ...props}: Props): ReactNode {
  const behind = useTranslationBehind();
  return (
    <Content {...props}>
      <>
        {behind && <TranslationNotice date={behind.date} />}
        {children}
      </>
    </Content>
  );
}
