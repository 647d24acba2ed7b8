/**
 * Opening /config/dns.html#dnsobject must land on DnsObject (old addresses). The browser
 * scrolls to the anchor from the server HTML, but a Mermaid diagram above it is drawn after
 * hydration (here 1 300 px tall, ~2 s later) and pushes the heading out of view; Chromium's
 * scroll anchoring does not correct it. So, after each navigation to a #hash, until the reader
 * scrolls, touches or types (or holdMs passes), the target is brought back whenever it moves.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import type {ClientModule} from '@docusaurus/types';
import {hashId} from '@site/src/utils/hash';

/** Long enough for the diagram chunk on a slow network; the reader's first input ends it earlier. */
const holdMs = 15_000;
const readerInput = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

let release: (() => void) | undefined;

function holdTarget(hash: string): void {
  release?.();
  const id = hashId(hash);
  const target = id ? document.getElementById(id) : null;
  if (!target) return;
  let top = target.getBoundingClientRect().top;
  const observer = new ResizeObserver(() => {
    if (Math.abs(target.getBoundingClientRect().top - top) < 1) return;
    target.scrollIntoView({behavior: 'instant', block: 'start'});
    top = target.getBoundingClientRect().top;
  });
  // Not <body>: its height is the viewport's (height: 100%); the app root grows with the content.
  observer.observe(document.getElementById('__docusaurus') ?? document.body);
  const timer = window.setTimeout(() => release?.(), holdMs);
  const stop = () => release?.();
  readerInput.forEach((type) => window.addEventListener(type, stop, {passive: true}));
  release = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    readerInput.forEach((type) => window.removeEventListener(type, stop));
    release = undefined;
  };
}

const clientModule: ClientModule = {
  onRouteDidUpdate({location}) {
    if (!ExecutionEnvironment.canUseDOM) return;
    if (location.hash) holdTarget(location.hash);
    else release?.();
  },
};

export default clientModule;
