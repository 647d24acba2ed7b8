// `npm run typecheck` (tsc with tsconfig.json): every TypeScript file of the repository is in the
// program, tests included, and a type error planted in a test file fails it. The planted file is
// checked alone with the project's options (the TypeScript API), which takes a few seconds, not
// the whole program's half minute. It is planted in a copy of the project's frame (tsconfig.json,
// node_modules linked) in a temporary folder, never in tests/unit, where a tsc running meanwhile
// would find it.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** tsconfig.json as tsc reads it in `base` (the repository by default): the options and the files it includes. */
function projectConfig(base = root) {
  const path = join(base, 'tsconfig.json');
  const {config, error} = ts.readConfigFile(path, ts.sys.readFile);
  assert.equal(error, undefined, 'tsconfig.json reads');
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, base, undefined, path);
  assert.deepEqual(parsed.errors, [], 'tsconfig.json parses');
  return parsed;
}

/** The type errors of one file checked with the project's options (an earlier program's files are reused). */
function typeErrors(file, options, old) {
  const program = ts.createProgram([file], options, undefined, old?.program);
  if (old) old.program = program;
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

test('every TypeScript file in the repository, tests included, is in the typecheck', () => {
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx', '*.mts', '*.cts'],
    {cwd: root, encoding: 'utf8'}).split('\n').filter(Boolean);
  assert.ok(tracked.some((f) => f.startsWith('tests/unit/')), 'the listing finds the unit tests');
  const included = new Set(projectConfig().fileNames.map((f) => resolve(f)));
  const missing = tracked.filter((f) => !included.has(join(root, f)));
  assert.deepEqual(missing, [], 'TypeScript files that npm run typecheck never checks');
});

test('a type error planted in a unit test fails the typecheck; the same file typed right passes', () => {
  const frame = mkdtempSync(join(tmpdir(), 'typecheck-'));
  const file = join(frame, 'tests/unit', 'planted-type-error.ts');
  try {
    copyFileSync(join(root, 'tsconfig.json'), join(frame, 'tsconfig.json'));
    symlinkSync(join(root, 'node_modules'), join(frame, 'node_modules'), 'dir');
    mkdirSync(join(frame, 'tests/unit'), {recursive: true});
    writeFileSync(file, "import {test} from 'node:test';\ntest('planted', () => { const port: number = '1080'; void port; });\n");
    const {fileNames, options} = projectConfig(frame);
    assert.ok(fileNames.map((f) => resolve(f)).includes(file), 'tsconfig.json includes a new file in tests/unit');
    const old = {program: undefined};
    const errors = typeErrors(file, options, old);
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0], /Type 'string' is not assignable to type 'number'/);

    writeFileSync(file, "import {test} from 'node:test';\ntest('planted', () => { const port: number = 1080; void port; });\n");
    assert.deepEqual(typeErrors(file, options, old), []);
  } finally {
    rmSync(frame, {recursive: true, force: true});
  }
});
