/**
 * ajv set up for the generated schemas (draft 2020-12): every error, with the failing data and
 * schema, and the schemas' own annotations known. Tests only: the example check
 * (tests/schema/validator.mjs) uses it, and the unit tests hold the page's validator
 * (src/configCheck/validate.ts, which compiles nothing) to it. The page does not load ajv.
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
