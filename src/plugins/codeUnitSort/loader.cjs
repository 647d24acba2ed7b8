/**
 * Replaces the one occurrence of options.from in a module's source with options.to
 * (./index.ts); throws, failing the build, when the source does not have it exactly once.
 * @this {{getOptions: () => {from: string, to: string}, resourcePath: string}}
 * @param {string} source
 */
module.exports = function rewrite(source) {
  const {from, to} = this.getOptions();
  const count = source.split(from).length - 1;
  if (count !== 1) throw new Error(`code-unit-sort: ${this.resourcePath} has ${count} occurrences of ${from}, not one (src/plugins/codeUnitSort)`);
  return source.replace(from, to);
};
