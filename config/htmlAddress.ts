/**
 * Old addresses end in .html (/config/routing.html). The static host serves that file, but the
 * client bundle preloads routes by location.pathname, which matches no route with ".html", and
 * React then throws away the server HTML (hydration error, blank flash). This inline
 * script runs before the bundle and drops ".html" (and "/index.html") from the address bar, so the
 * bundle sees the route's own path. Search and hash are kept, so #anchors still scroll.
 */
/** An old address's ending: `.html`, or `/index.html` for a folder. Also used by src/theme/SearchBar. */
export const htmlSuffix = /(\/index)?\.html$/;

export const htmlAddressScript = `(function(){var l=location,p=l.pathname;if(/\\.html$/.test(p)&&!/\\/404\\.html$/.test(p)){history.replaceState(history.state,'',(p.replace(${htmlSuffix},'')||'/')+l.search+l.hash);}})();`;
