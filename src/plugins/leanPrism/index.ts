/**
 * Points the site's bundles (server and browser alike) at src/prism instead of
 * prism-react-renderer, whose bundled Prism carries some 40 languages into every page's first
 * visit. Node code such as src/plugins/prismColours/themes.ts still loads the real package.
 * Also drops theme-classic's prism-include-languages client module (src/prism/noIncludeLanguages),
 * so that Prism comes with the first code block, not with main.js on every page.
 * In the browser's bundle, src/prism/tokenizer becomes src/prism/tokenizerLazy: Prism is then
 * loaded only for a code block the server did not write (src/theme/CodeBlock/Content).
 */
import {dirname, resolve} from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** A request for src/prism/tokenizer (`@site/src/prism/tokenizer`, or relative from src/prism). */
export const tokenizerRequest = /[\\/]prism[\\/]tokenizer(\.ts)?$/;
const lazyTokenizer = resolve(__dirname, '../../prism/tokenizerLazy.ts');

export default function leanPrism(): Plugin {
  return {
    name: 'lean-prism',
    configureWebpack(_config, isServer, utils) {
      const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
      const themeClassic = dirname(require.resolve('@docusaurus/theme-classic/package.json'));
      return {
        resolve: {
          alias: {
            'prism-react-renderer$': resolve(__dirname, '../../prism/index.ts'),
            [`${resolve(themeClassic, 'lib/prism-include-languages')}$`]: resolve(__dirname, '../../prism/noIncludeLanguages.ts'),
          },
        },
        plugins: isServer ? [] : [new NormalModuleReplacementPlugin(tokenizerRequest, lazyTokenizer)],
      };
    },
  };
}
