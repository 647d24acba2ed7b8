/**
 * No code for pages the reader has not pointed at. Docusaurus's Link prefetches the
 * code of every internal link that scrolls into view (core 3.10.2, exports/Link.js:
 * IntersectionObserver → window.docusaurus.prefetch): on a reference page with the sidebar open
 * that is about 90 KB gzip of pages never visited, on networks where every kilobyte is slow.
 * The code of a page still loads ahead when the reader hovers or touches its link
 * (window.docusaurus.preload, untouched), which is early enough for a quick page change.
 *
 * clientEntry assigns window.docusaurus after the client modules are evaluated, so the setter
 * below sees that assignment and keeps everything but prefetch.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

type DocusaurusGlobal = {prefetch: (path: string) => false | Promise<unknown>; preload: (path: string) => false | Promise<unknown>};

if (ExecutionEnvironment.canUseDOM) {
  let current: DocusaurusGlobal | undefined;
  Object.defineProperty(window, 'docusaurus', {
    configurable: true,
    get: () => current,
    set: (value: DocusaurusGlobal) => {
      current = {...value, prefetch: () => false};
    },
  });
}
