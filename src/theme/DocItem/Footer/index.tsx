/**
 * Wraps @docusaurus/theme-classic 3.10.2 DocItem/Footer (--danger: unsafe to wrap).
 * Adds the page's contributors under the edit link and last-updated time. They come
 * from git at build time (src/plugins/contributors) through the front matter key `contributors`;
 * a page may set `contributors: false` to hide them. Names only, each linked to its GitHub profile
 * where one is known; never an e-mail address. The block is left out of the local search
 * index (config/search.ts ignoreCssSelectors: .doc-contributors).
 * A reference page also says which v2ray-core release its claims were checked against,
 * from the front matter key `checkedAgainst: v5.52.0`, next to the last-updated line.
 */
import React, {useId, type ReactNode} from 'react';
import clsx from 'clsx';
import Footer from '@theme-original/DocItem/Footer';
import type FooterType from '@theme/DocItem/Footer';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import Translate from '@docusaurus/Translate';
import type {Contributor} from '@site/src/plugins/contributors';
import styles from './styles.module.css';

export type Props = WrapperProps<typeof FooterType>;

function isContributor(value: unknown): value is Contributor {
  if (typeof value !== 'object' || value === null) return false;
  const {name, profile} = value as Record<string, unknown>;
  return typeof name === 'string' && (profile === undefined || (typeof profile === 'string' && profile.startsWith('https://github.com/')));
}

function useContributors(): Contributor[] {
  const {contributors} = useDoc().frontMatter as {contributors?: unknown};
  return Array.isArray(contributors) ? contributors.filter(isContributor) : [];
}

/** A release tag such as v5.52.0, or null when the page does not name one. */
function useCheckedAgainst(): string | null {
  const {checkedAgainst} = useDoc().frontMatter as {checkedAgainst?: unknown};
  return typeof checkedAgainst === 'string' && /^v\d+\.\d+\.\d+$/.test(checkedAgainst) ? checkedAgainst : null;
}

const releaseUrl = 'https://github.com/v2fly/v2ray-core/releases/tag/';

export default function FooterWrapper(props: Props): ReactNode {
  const contributors = useContributors();
  const checkedAgainst = useCheckedAgainst();
  const headingId = useId();
  return (
    <>
      <Footer {...props} />
      {checkedAgainst && (
        <p className={clsx('doc-checked-against', styles.checked)}>
          <Translate
            id="site.DocItemFooter.checkedAgainst"
            values={{release: <a href={`${releaseUrl}${checkedAgainst}`}>v2ray-core {checkedAgainst}</a>}}>
            {'本页内容已对照 {release} 的源代码核对'}
          </Translate>
        </p>
      )}
      {contributors.length > 0 && (
        <section className={clsx('doc-contributors', styles.contributors)} aria-labelledby={headingId}>
          <h2 id={headingId} className={styles.title}>
            <Translate id="site.DocItemFooter.contributors">贡献者</Translate>
          </h2>
          <ul className={styles.list}>
            {contributors.map((c) => (
              <li key={`${c.name} ${c.profile ?? ''}`}>
                {c.profile ? <a href={c.profile}>{c.name}</a> : c.name}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
