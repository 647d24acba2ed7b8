import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import Translate, {translate} from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import styles from './styles.module.css';

export type Platform = 'win' | 'mac' | 'linux' | 'android' | 'ios';
export type Props = {
  name: string;
  url: string;
  platforms: readonly Platform[];
  /** The project is no longer maintained. */
  discontinued?: boolean;
  children: ReactNode;
};

function platformLabel(p: Platform): string {
  switch (p) {
    case 'win': return translate({id: 'site.Tool.platform.win', message: 'Windows'});
    case 'mac': return translate({id: 'site.Tool.platform.mac', message: 'macOS'});
    case 'linux': return translate({id: 'site.Tool.platform.linux', message: 'Linux'});
    case 'android': return translate({id: 'site.Tool.platform.android', message: 'Android'});
    case 'ios': return translate({id: 'site.Tool.platform.ios', message: 'iOS'});
  }
}

function PlatformIcon({platform}: {platform: Platform}): ReactNode {
  const label = platformLabel(platform);
  // Our own icons from static/: no request leaves the site when the page loads.
  return <img className={styles.icon} src={useBaseUrl(`/img/platforms/${platform}.svg`)} alt={label} title={label} width={20} height={20} />;
}

export default function Tool({name, url, platforms, discontinued = false, children}: Props): ReactNode {
  return (
    <section className={clsx(styles.tool, discontinued && styles.discontinued)}>
      <Heading as="h3" className={styles.name}>
        <Link to={url}>{name}</Link>
        {discontinued && (
          <span className={clsx('badge badge--secondary', styles.badge)}>
            <Translate id="site.Tool.discontinued">已停止维护</Translate>
          </span>
        )}
      </Heading>
      <div className={styles.platforms}>
        {platforms.map((p) => <PlatformIcon key={p} platform={p} />)}
      </div>
      <p className={styles.description}>{children}</p>
    </section>
  );
}
