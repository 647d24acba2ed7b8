/**
 * Wraps @docusaurus/theme-classic 3.10.2 DocItem/Content.
 * An English page whose Chinese source changed after it was translated says so right under its
 * title, with a link to the Chinese page. So does a page whose English changed after the last
 * Chinese change without a `translatedFrom` mark confirming it follows it ("unconfirmed"): an
 * unrelated English fix must not hide from readers that the Chinese has a change nobody has
 * checked the translation against; its wording says "not yet checked" rather than "older".
 * Whether a page is behind or unconfirmed is decided at build time from git
 * (src/plugins/translationStatus) and reaches the page as the front matter key
 * `translationBehind: {date, commit, state}`, which the docusaurus.config.ts parseFrontMatter hook adds;
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
  const {date, state} = value as Record<string, unknown>;
  return typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) && (state === 'behind' || state === 'unconfirmed');
}

function useTranslationBehind(): TranslationBehind | null {
  const {translationBehind} = useDoc().frontMatter as {translationBehind?: unknown};
  return isTranslationBehind(translationBehind) ? translationBehind : null;
}

function TranslationNotice({date, state}: Pick<TranslationBehind, 'date' | 'state'>): ReactNode {
  const sourceUrl = useAlternatePageUtils().createUrl({locale: sourceLocale, fullyQualified: false});
  const values = {
    source: (
      <a href={sourceUrl} hrefLang={sourceLocale}>
        <Translate id="site.DocItemContent.translationBehindLink">本页的中文版</Translate>
      </a>
    ),
    date: <time dateTime={date}>{date}</time>,
  };
  return (
    <p className={clsx('doc-translation-behind', styles.notice)}>
      {state === 'behind' ? (
        <Translate id="site.DocItemContent.translationBehind" values={values}>
          {'{source}在本译文之后有改动（{date}），可能更准确。'}
        </Translate>
      ) : (
        <Translate id="site.DocItemContent.translationUnconfirmed" values={values}>
          {'{source}有一处改动（{date}），本译文尚未对照它核对，中文版可能更准确。'}
        </Translate>
      )}
    </p>
  );
}

export default function ContentWrapper({children, ...props}: Props): ReactNode {
  const behind = useTranslationBehind();
  return (
    <Content {...props}>
      <>
        {behind && <TranslationNotice date={behind.date} state={behind.state} />}
        {children}
      </>
    </Content>
  );
}
