/**
 * @docusaurus/utils-common (CommonJS, compiled with tslib's importHelpers) requires tslib for one
 * helper, __importDefault. A CommonJS require of tslib's ES module keeps the whole of it, so every
 * page's main.js carried all of tslib (11 KB, 4 KB gzip) for that helper. For the browser bundle
 * only, and only for that package's files, `tslib` resolves to ./importDefault.cjs, which has the
 * helper and nothing else. Any other use of tslib is untouched. tests/unit/lean-tslib.test.ts
 * fails when the package starts to use another helper, which the stand-in would lack.
 */
import {resolve} from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The tslib helpers the stand-in provides. */
export const providedHelpers = ['__importDefault'];

/** The package's compiled files (a dependency of @docusaurus/core, not of the site). */
export const utilsCommonFiles = /[\\/]node_modules[\\/]@docusaurus[\\/]utils-common[\\/]lib[\\/]/;

export default function leanTslib(): Plugin {
  return {
    name: 'lean-tslib',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        module: {
          rules: [
            {
              test: utilsCommonFiles,
              resolve: {alias: {tslib$: resolve(__dirname, 'importDefault.cjs')}},
            },
          ],
        },
      };
    },
  };
}
