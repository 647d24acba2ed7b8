import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import ThemedImage from '@theme/ThemedImage';
import Translate, {translate} from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import HomeFeatures from '@site/src/components/HomeFeatures';
import {langOfLocale} from '@site/src/utils/lang';
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

/**
 * The old home page's sections had these ids (facts/old-anchors.json), one set per language;
 * links to /#授权 or /en_US/#licensing keep landing here.
 */
const aboutIds = {
  zh: {team: 'project-v-由谁主导开发', contributing: '贡献', licence: '授权'},
  en: {team: 'who-leads-project-v-development', contributing: 'contributing', licence: 'licensing'},
} as const;

function About(): ReactNode {
  const {i18n} = useDocusaurusContext();
  const ids = aboutIds[langOfLocale(i18n.currentLocale)];
  return (
    <section className={clsx('container', styles.about)}>
      <Heading as="h2" id={ids.team}>
        <Translate id="site.Home.about.team.title">谁在开发 Project V</Translate>
      </Heading>
      <p>
        <Translate id="site.Home.about.team.text">
          Project V 由 V2Fly 社区在 GitHub 上公开开发。核心程序 V2Ray 在 v2fly/v2ray-core 仓库，本站的页面在它自己的文档仓库。
        </Translate>
      </p>
      <Heading as="h2" id={ids.contributing}>
        <Translate id="site.Home.about.contributing.title">参与贡献</Translate>
      </Heading>
      <p>
        <Translate id="site.Home.about.contributing.text">
          程序的问题和改进请到 v2ray-core 仓库提出；页面里的错误可以在文档仓库提交修改，每页底部的“编辑此页”会直接打开对应的文件。
        </Translate>
      </p>
      <Heading as="h2" id={ids.licence}>
        <Translate id="site.Home.about.licence.title">授权</Translate>
      </Heading>
      <p>
        <Translate id="site.Home.about.licence.text">V2Ray 和本站都以 MIT 许可证发布。</Translate>
      </p>
    </section>
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
        <About />
      </main>
    </Layout>
  );
}
