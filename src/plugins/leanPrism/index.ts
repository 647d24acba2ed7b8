/**
 * Points the site's bundles (server and browser alike) at src/prism instead of
 * prism-react-renderer, whose bundled Prism carries some 40 languages into every page's first
 * visit (issue 6). Node code such as config/prismThemes.ts still loads the real package.
 */
import {resolve} from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function leanPrism(): Plugin {
  return {
    name: 'lean-prism',
    configureWebpack() {
      return {resolve: {alias: {'prism-react-renderer$': resolve(__dirname, '../../prism/index.ts')}}};
    },
  };
}
