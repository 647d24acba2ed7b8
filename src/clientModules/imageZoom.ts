/**
 * Clicking a content image zooms it in; a click (on it or the overlay), Escape or a scroll of
 * 40 px zooms it out. Images are attached 300 ms after each navigation, once the
 * new page has rendered, so images of every page zoom, not only those of the first one.
 *
 * medium-zoom is imported only when a page has such an image, so other pages do not load it.
 * One instance serves the whole visit: medium-zoom adds document listeners that detach() does
 * not remove, so a new instance per page would pile them up.
 *
 * Mermaid diagrams (inline SVG, which medium-zoom cannot zoom) zoom the same way through
 * ./diagramZoom.ts, imported only when a page has a rendered diagram. A diagram may appear later
 * than 300 ms after the navigation (after a navigation inside the site, its markup is fetched with
 * the page's HTML; in a build without Chromium, it is drawn once the mermaid library has loaded): src/theme/Mermaid
 * announces each rendered diagram (`diagramRenderedEvent`), and one announced after this visit's
 * 300 ms is given its zoom at once.
 */
import type {ClientModule} from '@docusaurus/types';
import type {Zoom} from 'medium-zoom';
import {diagramRenderedEvent, diagramSelector, imageZoomReattachMs, imageZoomScrollOffsetPx} from '@site/src/constants';

/**
 * Images of the page's Markdown; an image inside a link opens the link instead. Only images with
 * a source: a widget's empty <img> (CodeMirror's cursor buffers in the checker's editor) is not a
 * picture, and once made the checker page fetch medium-zoom for nothing.
 */
function contentImages(): HTMLImageElement[] {
  return Array.from(document.querySelectorAll<HTMLImageElement>('.markdown img[src]')).filter(
    (img) => img.closest('a') === null,
  );
}

let zoom: Promise<Zoom> | undefined;
function getZoom(): Promise<Zoom> {
  zoom ??= import('medium-zoom').then(({default: mediumZoom}) =>
    mediumZoom({
      // Follows the colour mode: white in light mode, the dark surface in dark mode.
      background: 'var(--ifm-background-surface-color)',
      // medium-zoom closes once the scroll exceeds scrollOffset; 40 px closes it.
      scrollOffset: imageZoomScrollOffsetPx - 1,
    }),
  );
  return zoom;
}


let diagramZoom: Promise<typeof import('./diagramZoom')> | undefined;

let timer: number | undefined;
/** Counts navigations, so an attach that waited for the import does not attach a left page. */
let visit = 0;

/** The visit whose 300 ms have passed: diagrams rendered from then on get their zoom at once. */
let attachedVisit = 0;

function attachDiagrams(forVisit: number): void {
  if (document.querySelector(diagramSelector) === null) return;
  diagramZoom ??= import('./diagramZoom');
  void diagramZoom.then((z) => {
    if (forVisit !== visit) return;
    z.listen();
    z.attachDiagrams();
  });
}

let listening = false;
function listenForDiagrams(): void {
  if (listening) return;
  listening = true;
  window.addEventListener(diagramRenderedEvent, () => {
    if (attachedVisit === visit) attachDiagrams(visit);
  });
}

function attach(forVisit: number): void {
  attachedVisit = forVisit;
  attachDiagrams(forVisit);
  const images = contentImages();
  if (images.length === 0) return;
  void getZoom().then((z) => {
    if (forVisit === visit) z.attach(...images);
  });
}

const clientModule: ClientModule = {
  onRouteDidUpdate({location, previousLocation}) {
    // A jump to a heading of the same page keeps its images.
    if (previousLocation?.pathname === location.pathname) return;
    visit += 1;
    const thisVisit = visit;
    window.clearTimeout(timer);
    listenForDiagrams();
    // The previous page's images are gone; an open zoom belongs to it too.
    void zoom?.then((z) => {
      void z.close();
      z.detach();
    });
    void diagramZoom?.then((z) => z.close());
    timer = window.setTimeout(() => attach(thisVisit), imageZoomReattachMs);
  },
};
export default clientModule;
