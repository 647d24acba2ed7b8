// @ts-check
/**
 * Bundler loader for src/plugins/leanDocsMetadata (a loader runs as plain Node code, so this one
 * file is CommonJS). Removes `description` from each doc of a docs version's metadata prop.
 * @param {string} source the prop, JSON
 * @returns {string}
 */
module.exports = function stripDescriptions(source) {
  const prop = JSON.parse(source);
  const docs = prop && prop.version && prop.version.docs;
  if (!docs || typeof docs !== 'object') return source;
  for (const doc of Object.values(docs)) delete doc.description;
  return JSON.stringify(prop);
};
