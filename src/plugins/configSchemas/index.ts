/**
 * The configuration JSON Schemas, generated on every build from the facts by
 * builder/schema/generate.mjs:
 * - published at /schemas/v4/config.json and /schemas/v5/config.json (postBuild, default locale:
 *   the schemas are in English and have one address);
 * - given to the checker page as `@config-schemas/v4.json` / `v5.json` (a webpack alias to the
 *   generated files), so the page bundles them into its own lazy chunks and checks offline.
 */
import {mkdir, writeFile} from 'node:fs/promises';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
// a JavaScript module with JSDoc types: tsc reads its types from the code (it carries // @ts-check)
import {buildSchema} from '../../../builder/schema/generate.mjs';

type Schemas = {v4: Record<string, unknown>; v5: Record<string, unknown>};

export const schemaVersions = ['v4', 'v5'] as const;

export default function configSchemas(context: LoadContext): Plugin {
  const generatedDir = join(context.generatedFilesDir, 'config-schemas');
  let schemas: Schemas | null = null;
  return {
    name: 'config-schemas',
    async loadContent() {
      const built = {v4: buildSchema('v4'), v5: buildSchema('v5')};
      for (const v of schemaVersions) {
        if (built[v].loose.length) throw new Error(`config-schemas: ${v} has types the generator cannot read:\n${built[v].loose.join('\n')}`);
      }
      schemas = {v4: built.v4.schema, v5: built.v5.schema};
      const made = schemas;
      await mkdir(generatedDir, {recursive: true});
      // the page words its messages from titles, x-docs and the rules; the descriptions are for editors
      await Promise.all(schemaVersions.map((v) => writeFile(join(generatedDir, `${v}.json`), JSON.stringify(made[v], (k, x: unknown) => (k === 'description' && typeof x === 'string' ? undefined : x)))));
    },
    configureWebpack() {
      return {resolve: {alias: {'@config-schemas': generatedDir}}};
    },
    async postBuild({outDir}) {
      const made = schemas;
      if (!made) throw new Error('config-schemas: postBuild ran before loadContent');
      if (context.i18n.currentLocale !== context.i18n.defaultLocale) return;
      await Promise.all(schemaVersions.map(async (v) => {
        await mkdir(join(outDir, 'schemas', v), {recursive: true});
        await writeFile(join(outDir, 'schemas', v, 'config.json'), `${JSON.stringify(made[v], null, 1)}\n`);
      }));
    },
  };
}
