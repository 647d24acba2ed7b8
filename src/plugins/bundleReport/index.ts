/**
 * Where the bytes of the browser bundle go, for the benchmark (a bundle analyzer
 * report). Off unless BUNDLE_REPORT names a file: then the browser build
 * writes webpack-bundle-analyzer's JSON report there (every chunk and module with raw, minified
 * and gzip sizes). scripts/bench/bundle.mjs sets it and summarises the report.
 */
import type {Plugin} from '@docusaurus/types';
import type {WebpackPluginInstance} from 'webpack';

type AnalyzerOptions = {analyzerMode: 'json'; reportFilename: string; openAnalyzer: boolean; logLevel: 'warn'};
type AnalyzerModule = {BundleAnalyzerPlugin: new (options: AnalyzerOptions) => WebpackPluginInstance};

export default function bundleReport(): Plugin {
  return {
    name: 'bundle-report',
    configureWebpack(_config, isServer) {
      const reportFilename = process.env.BUNDLE_REPORT;
      if (isServer || !reportFilename) return {};
      // Loaded only when asked for: a dev dependency, absent from production installs.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const {BundleAnalyzerPlugin} = require('webpack-bundle-analyzer') as AnalyzerModule;
      return {plugins: [new BundleAnalyzerPlugin({analyzerMode: 'json', reportFilename, openAnalyzer: false, logLevel: 'warn'})]};
    },
  };
}
