/**
 * ajv set up for the generated schemas (draft 2020-12): every error, with the failing data and
 * schema (the checker words its messages from them), and the schemas' own annotations known.
 * The example check (tests/schema/validator.mjs) uses the same set-up.
 */
import {Ajv2020} from 'ajv/dist/2020';
import type {ValidateFunction} from 'ajv';

export const SCHEMA_ANNOTATIONS = ['x-docs', 'x-any-case', 'x-list', 'x-format', 'x-proto', 'x-removed'] as const;

export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({allErrors: true, verbose: true, strict: true, strictRequired: false, strictTypes: false, strictTuples: false});
  ajv.addVocabulary([...SCHEMA_ANNOTATIONS]);
  return ajv;
}

export function compileSchema(schema: Record<string, unknown>): ValidateFunction {
  return createAjv().compile(schema);
}
