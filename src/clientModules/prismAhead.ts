/**
 * Starts loading Prism's tokenizer (src/prism/tokenizer) when an in-site navigation starts, while
 * Docusaurus loads the next page's chunks, so that the code blocks of the next page, which the
 * browser writes itself, are highlighted when they first show (src/theme/CodeBlock/Content). A
 * first visit does not load it: the server's lines are kept.
 */
import type {ClientModule} from '@docusaurus/types';
import {loadTokenizer} from '@site/src/prism/tokenizer';

const clientModule: ClientModule = {
  onRouteUpdate({location, previousLocation}) {
    if (!previousLocation || previousLocation.pathname === location.pathname) return;
    // a failed download is retried by the first block that needs it
    loadTokenizer().catch(() => undefined);
  },
};
export default clientModule;
