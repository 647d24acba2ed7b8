// @ts-check
const {serverOnlyConfigFields} = require('./serverOnly.cjs');

/**
 * Bundler loader for src/plugins/leanSiteData: .docusaurus/docusaurus.config.mjs without the fields
 * only Node reads. Docusaurus 3.10.2 writes it as `export default <JSON>;` (core
 * lib/server/codegen/codegen.js); any other shape fails the build rather than pass unchanged.
 * @param {string} source
 * @returns {string}
 */
module.exports = function stripConfig(source) {
  const match = /^([\s\S]*?export default )(\{[\s\S]*\});\s*$/.exec(source);
  if (!match) throw new Error('leanSiteData: docusaurus.config.mjs is no longer `export default <JSON>;`');
  const config = JSON.parse(/** @type {string} */ (match[2]));
  if (!('ssrTemplate' in config)) throw new Error('leanSiteData: the generated site config has no ssrTemplate: check core codegen');
  for (const field of serverOnlyConfigFields) delete config[field];
  return `${match[1]}${JSON.stringify(config)};\n`;
};
