import type {Config} from '@docusaurus/types';

/**
 * zh-CN at the site root, English as the Docusaurus locale `en` under /en_US/.
 * The key cannot be `en_US`: Intl.Locale rejects underscores.
 */
export const i18n: Config['i18n'] = {
  defaultLocale: 'zh-CN',
  locales: ['zh-CN', 'en'],
  localeConfigs: {
    'zh-CN': {label: '简体中文', htmlLang: 'zh-CN'},
    en: {label: 'English', htmlLang: 'en-US', baseUrl: '/en_US/'},
  },
};

/** The locale being built or served; Docusaurus loads the config once per locale. */
export const currentLocale: string = process.env.DOCUSAURUS_CURRENT_LOCALE ?? 'zh-CN';

/** Texts the site config needs per locale (theme strings live in i18n/en/*.json). */
export const siteTexts = {
  'zh-CN': {
    title: 'Project V 文档',
    tagline: '开源的网络代理与路由工具集 V2Ray 的使用与开发手册',
  },
  en: {
    title: 'Project V Docs',
    tagline: 'Using and building V2Ray, the open-source network proxy and routing toolkit',
  },
} as const;

export function textsFor(locale: string): (typeof siteTexts)['zh-CN'] | (typeof siteTexts)['en'] {
  return locale === 'en' ? siteTexts.en : siteTexts['zh-CN'];
}
