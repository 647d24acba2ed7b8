/** A diagram whose code did not load: a short translated message and a retry (src/theme/Mermaid). */
import React, {type ReactNode} from 'react';
import Translate from '@docusaurus/Translate';
import styles from './styles.module.css';

export default function DiagramUnavailable({retry}: {retry: () => void}): ReactNode {
  return (
    <div role="alert" className={`alert alert--warning ${styles.unavailable}`}>
      <Translate id="site.Mermaid.unavailable">图表未能加载，可能是网络不稳定，或者网站刚刚更新。</Translate>
      <button type="button" className={`button button--sm button--secondary ${styles.retry}`} onClick={retry}>
        <Translate id="site.Mermaid.retry">重试</Translate>
      </button>
    </div>
  );
}
