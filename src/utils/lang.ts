/**
 * The site's two languages: Chinese, the default locale (zh-CN) at the root, and English (en)
 * under /en_US/. Components learn it from Docusaurus (i18n.currentLocale) and pass it down;
 * build-time Markdown plugins, which see only the page's file, ask the page map
 * (builder/content/files.mjs pageRootOf).
 */
export type Lang = 'zh' | 'en';

/** The language of a Docusaurus locale (i18n.currentLocale). */
export function langOfLocale(locale: string): Lang {
  return locale === 'en' ? 'en' : 'zh';
}
