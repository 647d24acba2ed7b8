import type {Footer} from '@docusaurus/theme-common';

/** English in i18n/en/docusaurus-theme-classic/footer.json. */
export const footer: Footer = {
  style: 'dark',
  links: [],
  copyright: '以 MIT 许可证发布 · 版权所有 © Project V 贡献者',
};
