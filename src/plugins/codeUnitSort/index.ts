/**
 * Two sorts that run while every doc page hydrates call String#localeCompare only to put keys in a
 * fixed order: theme-common's useShallowMemoObject (the options of each code block's word-wrap
 * MutationObserver) and plugin-content-docs' getActivePlugin (the breadcrumbs: the docs plugins,
 * longest path first). The first localeCompare of a page sets up the browser's ICU collator, which
 * cost 35 to 150 ms of main thread at Lighthouse's 4× CPU in the hydration task (issue 39,
 * scripts/bench/scriptTrace.mjs). In the browser bundle only, ./loader.cjs rewrites those two
 * comparisons to compare UTF-16 code units, which orders what they sort as the collator does for
 * their purpose: a fixed order of object keys, and a docs path after every path it starts with.
 * The build fails when a file no longer has the text it rewrites
 * (tests/unit/code-unit-sort.test.ts checks the installed files, and the two orders).
 */
import type {Plugin} from '@docusaurus/types';

export type Rewrite = {file: RegExp; from: string; to: string};

/** The comparison of two strings by code unit, as an expression of a and b. */
export const byCodeUnit = (a: string, b: string) => `(${a} < ${b} ? -1 : ${a} > ${b} ? 1 : 0)`;

export const rewrites: Rewrite[] = [
  {
    file: /[\\/]@docusaurus[\\/]theme-common[\\/]lib[\\/]utils[\\/]reactUtils\.js$/,
    from: 'deps.sort((a, b) => a[0].localeCompare(b[0]));',
    to: `deps.sort((a, b) => ${byCodeUnit('a[0]', 'b[0]')});`,
  },
  {
    file: /[\\/]@docusaurus[\\/]plugin-content-docs[\\/]lib[\\/]client[\\/]docsClientUtils\.js$/,
    from: '.sort((a, b) => b[1].path.localeCompare(a[1].path))',
    to: `.sort((a, b) => ${byCodeUnit('b[1].path', 'a[1].path')})`,
  },
];

export default function codeUnitSort(): Plugin {
  return {
    name: 'code-unit-sort',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        module: {
          rules: rewrites.map(({file, from, to}) => ({
            test: file,
            use: [{loader: require.resolve('./loader.cjs'), options: {from, to}}],
          })),
        },
      };
    },
  };
}
