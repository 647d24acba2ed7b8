/**
 * Replaces @docusaurus/theme-classic 3.10.2 NotFound/Content (an unsafe swizzle, written anew).
 * The 404 page: heading 404, one of four messages at random, a link home to the current locale.
 */
import React, {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import Heading from '@theme/Heading';
import type {Props} from '@theme/NotFound/Content';
import {notFoundMessages} from '@site/src/constants';
import styles from './styles.module.css';

export type {Props};

export default function NotFoundContent({className}: Props): ReactNode {
  // After mount: a random pick during render would differ between server and client HTML.
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    setMessage(notFoundMessages[Math.floor(Math.random() * notFoundMessages.length)] ?? null);
  }, []);
  return (
    <main className={clsx('container margin-vert--xl', styles.notFound, className)}>
      <Heading as="h1" className={styles.code}>404</Heading>
      <p className={styles.message} aria-live="polite">{message ?? ' '}</p>
      <Link to="/" className="button button--primary">
        <Translate id="site.NotFound.home">带我回首页</Translate>
      </Link>
    </main>
  );
}
