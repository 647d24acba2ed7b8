import React, {type ReactNode} from 'react';
import Heading from '@theme/Heading';
import {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';

export type Feature = {title: string; details: string};

/** The six features of the home page, in the reader's language. */
function useFeatures(): Feature[] {
  return [
    {
      title: translate({id: 'site.Home.feature.inout.title', message: '多入站，多出站'}),
      details: translate({
        id: 'site.Home.feature.inout.details',
        message: '一个 V2Ray 进程可以同时监听多个入口，并把流量交给多个出口，各自使用不同的协议。',
      }),
    },
    {
      title: translate({id: 'site.Home.feature.routing.title', message: '按规则分流'}),
      details: translate({
        id: 'site.Home.feature.routing.details',
        message: '按域名、IP、端口、来源、用户或协议决定每条连接走哪个出口，也可以交给负载均衡器挑选。',
      }),
    },
    {
      title: translate({id: 'site.Home.feature.protocols.title', message: '协议齐全'}),
      details: translate({
        id: 'site.Home.feature.protocols.details',
        message: '内置 VMess、VLESS、Trojan、Shadowsocks、Socks、HTTP 等协议，客户端与服务器用同一个程序。',
      }),
    },
    {
      title: translate({id: 'site.Home.feature.transport.title', message: '传输层可替换'}),
      details: translate({
        id: 'site.Home.feature.transport.details',
        message: 'TCP、mKCP、WebSocket、HTTP/2、gRPC、QUIC 等传输方式与 TLS 自由组合，协议本身不用改。',
      }),
    },
    {
      title: translate({id: 'site.Home.feature.dns.title', message: '内置 DNS'}),
      details: translate({
        id: 'site.Home.feature.dns.details',
        message: '自带 DNS 客户端，支持 DoH、按域名指定服务器、静态 hosts 与 FakeDNS，和路由协同工作。',
      }),
    },
    {
      title: translate({id: 'site.Home.feature.platforms.title', message: '到处都能运行'}),
      details: translate({
        id: 'site.Home.feature.platforms.details',
        message: '用 Go 编写，单个可执行文件即可运行在 Linux、Windows、macOS、BSD 和 Android 上。',
      }),
    },
  ];
}

export default function HomeFeatures(): ReactNode {
  const features = useFeatures();
  return (
    <section className={styles.features}>
      <div className="container">
        <ul className={styles.grid}>
          {features.map((f) => (
            <li key={f.title} className={styles.feature}>
              <Heading as="h2" className={styles.title}>{f.title}</Heading>
              <p>{f.details}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
