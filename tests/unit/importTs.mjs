// Imports a TypeScript module from src/ into a node:test file: Node 20 cannot strip types, so the
// module is transpiled with the project's own TypeScript first. The module runs from a data: address,
// so its relative imports are rewritten to file addresses; they must be JavaScript (.mjs), which Node
// loads itself.
import {readFileSync} from 'node:fs';
import {dirname, resolve} from 'node:path';
import {pathToFileURL} from 'node:url';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '../..');

/** `path` is relative to the repository root, e.g. `src/utils/hash.ts`. */
export async function importTs(path) {
  const file = resolve(root, path);
  const {outputText} = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: {module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022},
    fileName: path,
  });
  const linked = outputText.replace(/(\bfrom\s*)(['"])(\.\.?\/[^'"]+)\2/g,
    (_, from, quote, spec) => `${from}${quote}${pathToFileURL(resolve(dirname(file), spec)).href}${quote}`);
  return import(`data:text/javascript;base64,${Buffer.from(linked).toString('base64')}`);
}
