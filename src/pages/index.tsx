import React, {type ReactNode} from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import ThemedImage from '@theme/ThemedImage';
import Translate, {translate} from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import HomeFeatures from '@site/src/components/HomeFeatures';
import styles from './index.module.css';

function Hero(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return (
    <header className={styles.hero}>
      <ThemedImage
        className={styles.heroImage}
        alt={translate({id: 'site.Home.heroAlt', message: 'Project V 标志'})}
        sources={{light: useBaseUrl('/img/logo.svg'), dark: useBaseUrl('/img/logo-dark.svg')}}
        width={280}
        height={280}
      />
      <Heading as="h1" className={styles.heroTitle}>Project V</Heading>
      <p className={styles.tagline}>{siteConfig.tagline}</p>
      <div className={styles.actions}>
        <Link className="button button--primary button--lg" to="/guide/start">
          <Translate id="site.Home.actionStart">快速上手</Translate>
        </Link>
        <Link className="button button--secondary button--lg" to="/config/overview">
          <Translate id="site.Home.actionConfig">配置文档</Translate>
        </Link>
      </div>
    </header>
  );
}

export default function Home(): ReactNode {
  return (
    <Layout
      title={translate({id: 'site.Home.title', message: '首页'})}
      description={translate({
        id: 'site.Home.description',
        message: 'V2Ray（Project V）的安装、配置与开发文档。',
      })}>
      <Hero />
      <main>
        <HomeFeatures />
      </main>
    </Layout>
  );
}
