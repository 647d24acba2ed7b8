// Imports a dependency-free TypeScript module from src/ into a node:test file: Node 20 cannot
// strip types, so the module is transpiled with the project's own TypeScript first.
import {readFileSync} from 'node:fs';
import {resolve} from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '../..');

/** `path` is relative to the repository root, e.g. `src/utils/hash.ts`. */
export async function importTs(path) {
  const source = readFileSync(resolve(root, path), 'utf8');
  const {outputText} = ts.transpileModule(source, {
    compilerOptions: {module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022},
    fileName: path,
  });
  return import(`data:text/javascript;base64,${Buffer.from(outputText).toString('base64')}`);
}
