// @docusaurus/ExecutionEnvironment for unit tests: Node, not a browser.
const env = {canUseDOM: false, canUseEventListeners: false, canUseIntersectionObserver: false, canUseViewport: false};
module.exports = {__esModule: true, default: env, ...env};
