// A stand-in for a bundler-only module (a theme component, a hook, a CSS module): any property
// is another stand-in and calling it returns undefined. Helpers under test never use them.
const anything = new Proxy(function standIn() {}, {
  get: (target, key) => (key === '__esModule' ? true : key === Symbol.toPrimitive ? () => '' : anything),
  apply: () => undefined,
});
module.exports = anything;
