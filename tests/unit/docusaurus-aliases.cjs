/**
 * Lets node:test import src/ modules written for Docusaurus's bundler: the bundler's
 * aliases are resolved here as it would, or to small stand-ins, so a pure helper can be tested
 * from the module it lives in, next to the React code it serves, without moving it.
 *
 * - @site/… -> the repository (the real module);
 * - @docusaurus/Translate -> translate() answers the Chinese default message;
 * - @docusaurus/ExecutionEnvironment -> not a browser, so client modules add no listeners;
 * - @generated/routes -> a route list a test fills (tests/unit/stubs/routes.cjs);
 * - other @docusaurus/<Alias>, @docusaurus/theme-common (which imports the aliases itself),
 *   @theme/…, @theme-original/…, @theme-init/…, @generated/…, CSS files -> a stand-in that
 *   answers anything, never called by the helpers under test.
 *
 * Loaded by tsx's CommonJS path (package.json has no "type": "module"), hence Module._resolveFilename.
 */
const Module = require('node:module');
const {join, resolve} = require('node:path');

const root = resolve(__dirname, '../..');
const stub = (name) => join(__dirname, 'stubs', name);
const exact = new Map([
  ['@docusaurus/Translate', stub('translate.cjs')],
  ['@docusaurus/ExecutionEnvironment', stub('executionEnvironment.cjs')],
  ['@generated/routes', stub('routes.cjs')],
]);
const toStandIn = /^(?:@theme(?:-original|-init)?\/|@generated\/|@docusaurus\/(?:theme-common(?:\/|$)|[A-Z]|router$|constants$|isInternalUrl$|renderRoutes$|use[A-Z]))|\.css$/;

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveAlias(request, ...rest) {
  if (exact.has(request)) return exact.get(request);
  if (request.startsWith('@site/')) return resolveFilename.call(this, join(root, request.slice('@site/'.length)), ...rest);
  if (toStandIn.test(request)) return stub('anything.cjs');
  return resolveFilename.call(this, request, ...rest);
};
