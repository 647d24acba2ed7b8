// @ts-check
const {isUnusedTranslation} = require('./serverOnly.cjs');

/**
 * Bundler loader for src/plugins/leanSiteData: .docusaurus/codeTranslations.json (every theme and
 * site string of the locale, in every page's main.js) without the strings no shipped component uses.
 * @param {string} source
 * @returns {string}
 */
module.exports = function stripTranslations(source) {
  /** @type {Record<string, string>} */
  const messages = JSON.parse(source);
  return JSON.stringify(Object.fromEntries(Object.entries(messages).filter(([id]) => !isUnusedTranslation(id))));
};
