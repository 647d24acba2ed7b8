/**
 * Every docs page loads its docs version's metadata: the sidebars and, for each page of the
 * version, its id, title, sidebar and description (@docusaurus/plugin-content-docs 3.10.2,
 * toVersionMetadataProp). Only DocCard lists (category index pages, which this site has none
 * of) show those descriptions, yet they were two thirds of the prop: about 7 KB gzip in every
 * first visit. This drops them from the prop as it is bundled. A page's own
 * description (its <meta name="description">) comes from the page's metadata and stays.
 */
import {resolve} from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The props Docusaurus writes per docs version: .docusaurus/docusaurus-plugin-content-docs/<id>/p/*.json */
const versionProp = /[\\/]docusaurus-plugin-content-docs[\\/][^\\/]+[\\/]p[\\/][^\\/]+\.json$/;

export default function leanDocsMetadata(): Plugin {
  return {
    name: 'lean-docs-metadata',
    configureWebpack() {
      return {module: {rules: [{test: versionProp, use: [resolve(__dirname, 'stripDescriptions.cjs')]}]}};
    },
  };
}
