import type {Navbar} from '@docusaurus/theme-common';

export const repoUrl = 'https://github.com/v2fly/v2ray-core';
export const docsRepoUrl = 'https://github.com/v2fly/v2fly-github-io';
/** The external, plain-language guide the old navbar linked to. */
export const conciseGuideUrl = 'https://guide.v2fly.org';

/**
 * Labels are Chinese; English comes from i18n/en/docusaurus-theme-classic/navbar.json.
 * `to` paths get the locale's base URL added, so /en_US/ entries need no prefix here.
 */
export const navbar: Navbar = {
  title: 'Project V',
  // No alt: the title beside it names the link, so the logo is decorative (axe image-redundant-alt).
  logo: {src: 'img/logo.svg', srcDark: 'img/logo-dark.svg', width: 32, height: 32},
  hideOnScroll: false,
  items: [
    {to: '/guide/start', label: '快速上手', position: 'left', activeBasePath: '/guide'},
    {to: '/config/overview', label: '配置文档', position: 'left', activeBasePath: '/config'},
    {to: '/v5/config/overview', label: '配置文档 v5（施工中）', position: 'left', activeBasePath: '/v5'},
    {to: '/awesome/tools', label: '工具列表', position: 'left', activeBasePath: '/awesome'},
    {to: '/developer/intro/compile', label: '开发手册', position: 'left', activeBasePath: '/developer'},
    {href: conciseGuideUrl, label: '新手指南', position: 'left'},
    {type: 'localeDropdown', position: 'right'},
    {href: repoUrl, label: 'GitHub', position: 'right'},
  ],
};
