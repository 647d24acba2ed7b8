/**
 * Every page's main.js carries two modules Docusaurus generates: the whole site config
 * (.docusaurus/docusaurus.config.mjs) and all of the locale's translations
 * (.docusaurus/codeTranslations.json). This drops from both, as they are bundled, what no browser
 * code reads: the config fields only Node uses (the page template alone was 0.7 KB gzip) and the
 * theme strings of components this site never ships (./serverOnly.cjs). After each build, the
 * build fails if a bundle still carries the page template or names a dropped string.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

const {isUnusedTranslation} = require('./serverOnly.cjs') as {isUnusedTranslation: (id: string) => boolean};

/** The generated modules (Docusaurus 3.10.2, core lib/server/codegen/codegen.js). */
export const generatedConfig = /[\\/]\.docusaurus[\\/]docusaurus\.config\.mjs$/;
export const generatedTranslations = /[\\/]\.docusaurus[\\/]codeTranslations\.json$/;

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * What a build's JavaScript still carries that this plugin drops: the page template, and any
 * dropped translation id a component names (that component would show its English default).
 */
export function leftovers(scripts: Map<string, string>, droppedIds: string[]): string[] {
  const found: string[] = [];
  const ids = droppedIds.map((id) => ({id, pattern: new RegExp(`(?<![\\w.-])${escape(id)}(?![\\w.-])`)}));
  for (const [file, text] of scripts) {
    if (/\bssrTemplate\b/.test(text)) found.push(`${file}: the site config's ssrTemplate`);
    for (const {id, pattern} of ids) if (pattern.test(text)) found.push(`${file}: translation id ${id}`);
  }
  return found;
}

export default function leanSiteData(context: LoadContext): Plugin {
  return {
    name: 'lean-site-data',
    configureWebpack() {
      return {
        module: {
          rules: [
            {test: generatedConfig, use: [resolve(__dirname, 'stripConfig.cjs')]},
            {test: generatedTranslations, use: [resolve(__dirname, 'stripTranslations.cjs')]},
          ],
        },
      };
    },
    async postBuild({outDir}) {
      const messages = JSON.parse(readFileSync(join(context.generatedFilesDir, 'codeTranslations.json'), 'utf8')) as Record<string, string>;
      const dropped = Object.keys(messages).filter(isUnusedTranslation);
      const js = join(outDir, 'assets/js');
      const scripts = new Map(readdirSync(js).filter((f) => f.endsWith('.js')).map((f) => [f, readFileSync(join(js, f), 'utf8')]));
      const found = leftovers(scripts, dropped);
      if (found.length > 0) {
        throw new Error(`src/plugins/leanSiteData: the bundle still carries what it should drop:\n${found.join('\n')}`);
      }
    },
  };
}
