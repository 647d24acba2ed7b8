// Complete examples the lab does not run, with the reason a reader can check.
// Examples v2ray 5.52.0 cannot load (a since= newer than the toolkit) are listed by the lab itself
// and need no entry here.

/**
 * By the fence's lab=ID: complete examples v2ray 5.52.0 loads but the lab does not run, and why.
 * @type {Record<string, string>}
 */
export const NOT_RUN = {
  'background-observatory-persistent': 'an excerpt of two services with no inbound and no outbound, showing how persistentProbeResult goes with filesystemstorage: nothing to probe or carry; the page\'s complete example (lab=background-observatory-least-ping) is run',
};

/**
 * TRANSITIONAL, to be emptied: page files whose complete examples have no lab= and no scenario
 * yet. The lab reports each such example as "not yet run" instead of failing, and fails on an
 * entry whose page has none left. Empty now: every page's complete examples have scenarios.
 * @type {Record<string, string>}
 */
export const NOT_YET_RUN = {
};
