import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {i18n, currentLocale, textsFor} from './config/i18n';
import {navbar, docsRepoUrl} from './config/navbar';
import {footer} from './config/footer';
import {htmlAddressScript} from './config/htmlAddress';
import {ssgTemplate} from './config/ssgTemplate';
import {searchMode, searchPlugins, searchThemeConfig} from './config/search';
import {prismTheme, styledTokenTypes} from './src/plugins/prismColours/themes';
import {gitContributors, isGitWorkTree} from './src/plugins/contributors';
import {translationBehind} from './src/plugins/translationStatus';
import {devServer} from './config/devServer';
import leanPrism from './src/plugins/leanPrism';
import leanTslib from './src/plugins/leanTslib';
import codeUnitSort from './src/plugins/codeUnitSort';
import prismColours from './src/plugins/prismColours';
import leanDocsMetadata from './src/plugins/leanDocsMetadata';
import leanSiteData from './src/plugins/leanSiteData';
import bundleReport from './src/plugins/bundleReport';
import configSchemas from './src/plugins/configSchemas';
import rehypeAnchorAliases from './src/plugins/anchorAliases';
import remarkLabProofs from './src/plugins/labProofs';
import labProofsCache from './src/plugins/labProofs/cache';
import remarkTraceLink from './src/plugins/traceLink';
import rehypeStaticBlocks from './src/plugins/staticBlocks';
import rehypeTableNames from './src/plugins/tableNames';
import remarkStaticDiagrams from './src/plugins/staticDiagrams';
import staticDiagrams, {diagramModulesDir} from './src/plugins/staticDiagrams/plugin';
import {mermaidThemeConfig} from './config/mermaid';

const texts = textsFor(currentLocale);
// Broken links and anchors fail the build. DOCS_LINKS=warn downgrades them for a local preview
// while pages are half-written; CI never sets it.
const onBroken = process.env.DOCS_LINKS === 'warn' ? 'warn' : 'throw';
const editUrl = `${docsRepoUrl}/edit/master/`;
// Last-updated dates and contributors come from git; a copy without .git builds without them
// (showLastUpdateTime throws outside a work tree). The dev server skips them too, with
// the other production-only work (config/devServer.ts).
const withGit = !devServer && isGitWorkTree(__dirname);
// Mermaid diagrams drawn to SVG at build time, before Docusaurus's own plugin hands them to the
// browser (src/plugins/staticDiagrams).
const beforeDefaultRemarkPlugins = [[remarkStaticDiagrams, {mermaid: mermaidThemeConfig, dir: diagramModulesDir(__dirname)}] as const];

export default {
  title: texts.title,
  tagline: texts.tagline,
  favicon: 'img/favicon.svg',
  url: 'https://www.v2fly.org',
  baseUrl: '/',
  // Pages are files like guide/install.html, as on the old site.
  trailingSlash: false,
  onBrokenLinks: onBroken,
  onBrokenAnchors: onBroken,
  onDuplicateRoutes: 'throw',
  i18n,
  headTags: [{tagName: 'script', attributes: {}, innerHTML: htmlAddressScript}],
  // The bundle starts after the first paint (config/ssgTemplate.ts).
  ssrTemplate: ssgTemplate,
  markdown: {
    mermaid: true,
    hooks: {onBrokenMarkdownLinks: onBroken, onBrokenMarkdownImages: onBroken},
    // Each page's contributors from its git history (src/plugins/contributors).
    parseFrontMatter: async (params) => {
      const result = await params.defaultParseFrontMatter(params);
      result.frontMatter.contributors ??= withGit ? gitContributors(params.filePath) : [];
      // An English page whose Chinese source changed since: DocItem/Content says so.
      const behind = withGit && currentLocale === 'en' ? translationBehind(__dirname, params.filePath) : null;
      if (behind) result.frontMatter.translationBehind = behind;
      return result;
    },
  },
  clientModules: [
    './src/clientModules/wellFormedHash.ts',
    './src/clientModules/keyboardNav.ts',
    './src/clientModules/headingTracking.ts',
    './src/clientModules/chunkErrors.ts',
    './src/clientModules/imageZoom.ts',
    './src/clientModules/keepHashTarget.ts',
    './src/clientModules/steadyEstimates.ts',
    './src/clientModules/noViewportPrefetch.ts',
    './src/clientModules/prismAhead.ts',
  ],
  // Token types a code block must wrap in a span; the rest are written as text (src/plugins/prismColours/themes.ts).
  customFields: {codeStyledTypes: styledTokenTypes(), searchMode},
  future: {
    // rspack + swc: a both-locale build in seconds rather than minutes.
    v4: {removeLegacyPostBuildHeadAttribute: true},
    faster: true,
  },
  presets: [
    [
      'classic',
      {
        docs: {
          path: 'docs',
          routeBasePath: '/',
          sidebarPath: './sidebars.ts',
          editUrl,
          editLocalizedFiles: true,
          showLastUpdateTime: withGit,
          // under each example the lab ran: what the run showed (src/data/labProofs.json); under
          // each trace="…" example: a link that opens it in the checker's tracer
          remarkPlugins: [remarkLabProofs, remarkTraceLink],
          beforeDefaultRemarkPlugins,
          // last: plain paragraphs, lists and tables as HTML React does not hydrate (src/plugins/staticBlocks)
          rehypePlugins: [rehypeAnchorAliases, rehypeTableNames, rehypeStaticBlocks],
        },
        blog: false,
        theme: {customCss: './src/css/custom.css'},
      } satisfies Preset.Options,
    ],
  ],
  plugins: [
    leanPrism,
    leanTslib,
    codeUnitSort,
    prismColours,
    leanDocsMetadata,
    leanSiteData,
    // JSON Schemas of the configuration: /schemas/v4|v5/config.json and the checker page.
    configSchemas,
    // the lab's notes are compiled into the pages: a new src/data/labProofs.json invalidates the cache
    labProofsCache,
    // closes the browser the diagrams were drawn in
    staticDiagrams,
    ...searchPlugins,
    // Production-only: bundle reports for the bench. (Route-chunk preloads were tried and dropped:
    // measured with `npm run bench -- --compare`, they cost routing 0.6 s of LCP; bench/preload-route-chunks.md.)
    ...(devServer ? [] : [bundleReport]),
    [
      '@docusaurus/plugin-content-docs',
      {
        id: 'v5',
        path: 'versioned_docs/v5',
        routeBasePath: 'v5',
        sidebarPath: './sidebarsV5.ts',
        editUrl,
        editLocalizedFiles: true,
        showLastUpdateTime: withGit,
        rehypePlugins: [rehypeAnchorAliases, rehypeTableNames, rehypeStaticBlocks],
        remarkPlugins: [remarkLabProofs, remarkTraceLink],
        beforeDefaultRemarkPlugins,
      },
    ],
  ],
  themes: ['@docusaurus/theme-mermaid'],
  themeConfig: {
    navbar,
    footer,
    ...searchThemeConfig,
    mermaid: mermaidThemeConfig,
    colorMode: {defaultMode: 'light', respectPrefersColorScheme: true},
    docs: {sidebar: {hideable: false, autoCollapseCategories: false}},
    // Languages come with src/prism (json, jsonc, bash, go, powershell, ini); additionalLanguages is unused
    // (src/plugins/leanPrism replaces the client module that would read it).
    prism: {theme: prismTheme, darkTheme: prismTheme, additionalLanguages: []},
  } satisfies Preset.ThemeConfig,
} satisfies Config;
