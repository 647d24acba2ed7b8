// The generated schemas, aliased by src/plugins/configSchemas (JSON Schema documents).
declare module '@config-schemas/*.json' {
  const schema: Record<string, unknown>;
  export default schema;
}
