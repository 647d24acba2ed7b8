/**
 * Adds the code-block colours (themes.ts prismCss: one rule per token type and
 * colour mode) to the site's CSS. Tokens carry classes, not inline colours, so the server's
 * HTML shows the right colours in either mode and the blocks need no re-render after
 * hydration.
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {prismCss} from './themes';

export default function prismColours(context: LoadContext): Plugin {
  const dir = join(context.generatedFilesDir, 'prism-colours');
  const file = join(dir, 'prism-colours.css');
  mkdirSync(dir, {recursive: true});
  writeFileSync(file, prismCss());
  return {
    name: 'prism-colours',
    getClientModules() {
      return [file];
    },
  };
}
