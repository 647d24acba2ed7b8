// Node-side validation against the generated JSON Schemas, for the example check and the broken
// corpus: one compiled ajv per version; fragments validate against the definition of the object
// they name. Errors come back as one line each: "<JSON pointer>: <ajv message> <params>".
// ajv is set up as the checker sets it up (tests/schema/ajv.ts; run with tsx).
import {buildSchema} from '../../builder/schema/generate.mjs';
import {createAjv} from './ajv.ts';

/**
 * @param {'v4' | 'v5'} version
 */
export function schemaValidator(version) {
  const {schema, names} = buildSchema(version);
  const ajv = createAjv();
  ajv.addSchema(schema);
  const id = /** @type {string} */ (schema.$id);
  return {
    schema,
    /**
     * @param {unknown} value
     * @param {import('../../builder/facts/factsWalk.mjs').FactObject | null} object null: the whole file
     * @returns {string[] | null} null when the schema has no definition for `object`
     */
    validate(value, object) {
      const name = object ? names.get(object) : null;
      if (object && !name) return null;
      const validate = ajv.getSchema(name ? `${id}#/$defs/${name}` : id);
      if (!validate) return null;
      // a fragment of a field that takes an array of the object ("fakedns": [...]) checks each item
      const items = object && Array.isArray(value) && validate.schema && /** @type {{type?: string}} */ (validate.schema).type === 'object' ? value : [value];
      return items.flatMap((item, i) => (validate(item) ? [] : (validate.errors ?? []).map((e) =>
        `${items.length > 1 || item !== value ? `[${i}]` : ''}${e.instancePath || '/'}: ${e.message} ${JSON.stringify(e.params)}`)));
    },
  };
}
