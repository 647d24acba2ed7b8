/**
 * The site's two languages: Chinese, the default locale (zh-CN) at the root, and English (en)
 * under /en_US/. Components learn it from Docusaurus (i18n.currentLocale) and pass it down;
 * build-time Markdown plugins, which see only the page's file, learn it from its path.
 */
export type Lang = 'zh' | 'en';

/** The language of a Docusaurus locale (i18n.currentLocale). */
export function langOfLocale(locale: string): Lang {
  return locale === 'en' ? 'en' : 'zh';
}

/** The language of a page from its file path: English pages live under i18n/en/. */
export function langOfPath(path: string | undefined): Lang {
  return /[\\/]i18n[\\/]en[\\/]/.test(path ?? '') ? 'en' : 'zh';
}
