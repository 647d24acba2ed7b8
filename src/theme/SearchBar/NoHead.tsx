/**
 * Stands in for @docusaurus/Head inside theme-search-algolia's SearchBar in hosted builds
 * (src/plugins/localSearchUi): that Head only holds a <link rel="preconnect"> to the Algolia
 * host, which made every page open a connection to a third-party host while it loaded. Search
 * contacts Algolia when the reader searches, not before.
 */
export default function NoHead(): null {
  return null;
}
