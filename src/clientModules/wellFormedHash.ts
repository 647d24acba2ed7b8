/**
 * A hash a reader types need not be valid percent-encoding (`/config/routing#100%`, `/#%`), and
 * Docusaurus decodes the hash after a same-page navigation with decodeURIComponent, which throws:
 * the page crashed. So the address is rewritten to an encoded hash (`#100%25`) before
 * the router reads it: once at start, and on every popstate/hashchange. These listeners are added
 * when the client modules load, before the router adds its own, so they run first.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {wellFormedHash} from '@site/src/utils/hash';

function rewriteHash(): void {
  const {pathname, search, hash} = window.location;
  const fixed = wellFormedHash(hash);
  if (fixed !== null) window.history.replaceState(window.history.state, '', `${pathname}${search}${fixed}`);
}

if (ExecutionEnvironment.canUseDOM) {
  rewriteHash();
  window.addEventListener('popstate', rewriteHash);
  window.addEventListener('hashchange', rewriteHash);
}
