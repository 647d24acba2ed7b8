/**
 * Zoom for Mermaid diagrams, as src/clientModules/imageZoom.ts zooms images: a click on a diagram
 * (or Enter on its zoom button, which the keyboard reaches) shows it as large as the window allows
 * over the page; a click, Escape or a scroll of 40 px puts it back. medium-zoom only zooms <img>,
 * and a diagram is inline SVG (its text is real text, and its colours follow the colour mode), so
 * the diagram itself is moved into the overlay and back, never copied (a copy would repeat its
 * ids, which its styles and arrowheads refer to). Imported by imageZoom.ts only on pages that
 * have a diagram; its styles are inline, so pages without one carry nothing of it.
 */
import {translate} from '@docusaurus/Translate';
import {diagramSelector, imageZoomScrollOffsetPx} from '@site/src/constants';

const zoomable = 'diagram-zoomable';
const buttonClass = 'diagram-zoom-button';

type Open = {container: HTMLElement; svg: SVGSVGElement; style: string | null; placeholder: HTMLElement; overlay: HTMLElement; scrollY: number; cleanup: () => void};
let current: Open | null = null;

/** Gives each rendered diagram on the page its zoom button; a diagram re-rendered (colour mode) gets it again. */
export function attachDiagrams(): void {
  for (const container of Array.from(document.querySelectorAll<HTMLElement>(diagramSelector))) {
    if (!container.querySelector('svg')) continue;
    container.classList.add(zoomable);
    container.style.position = 'relative';
    container.style.cursor = 'zoom-in';
    if (container.querySelector(`:scope > .${buttonClass}`)) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `${buttonClass} button button--sm button--secondary`;
    button.setAttribute('aria-label', translate({id: 'site.DiagramZoom.open', message: '放大图表'}));
    button.textContent = '⤢';
    Object.assign(button.style, {position: 'absolute', top: '0', right: '0', lineHeight: '1', padding: '0.25rem 0.45rem'});
    container.append(button);
  }
}

function onClick(event: MouseEvent): void {
  if (current) return;
  const container = (event.target as Element | null)?.closest?.<HTMLElement>(`.${zoomable}`);
  // A link inside a diagram (Mermaid's click directive) opens the link instead.
  if (!container || (event.target as Element).closest('a')) return;
  open(container);
}

let listening = false;
/** One click listener for the whole visit, added with the first diagram. */
export function listen(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('click', onClick);
}

/**
 * As large as the window allows, keeping the diagram's proportions; but never smaller than the
 * diagram's own size (its viewBox), so that a wide diagram on a narrow phone is shown at a size its
 * text can be read at, and the overlay scrolls to its other parts.
 */
function zoomedSize(svg: SVGSVGElement, box: DOMRect): {width: number; height: number} {
  const view = svg.viewBox?.baseVal;
  const natural = view && view.width > 0 && view.height > 0 ? {width: view.width, height: view.height} : {width: box.width, height: box.height};
  const margin = 2 * 0.02 * Math.min(window.innerWidth, window.innerHeight);
  const fit = Math.min((window.innerWidth - margin) / natural.width, (window.innerHeight - margin) / natural.height);
  const scale = Math.max(fit, 1);
  return {width: natural.width * scale, height: natural.height * scale};
}

function open(container: HTMLElement): void {
  // A diagram drawn at build time holds one SVG per colour mode (src/theme/Mermaid): the one shown.
  const svg = Array.from(container.querySelectorAll<SVGSVGElement>(':scope > svg')).find((s) => s.getClientRects().length > 0);
  if (!svg) return;
  const box = svg.getBoundingClientRect();
  // Keeps the diagram's place in the page while the diagram itself is shown large.
  const placeholder = document.createElement('div');
  placeholder.style.height = `${box.height}px`;
  const overlay = document.createElement('div');
  overlay.className = 'diagram-zoom-overlay';
  overlay.setAttribute('role', 'dialog');
  overlay.setAttribute('aria-modal', 'true');
  overlay.setAttribute('aria-label', translate({id: 'site.DiagramZoom.dialog', message: '放大的图表（单击、按 Esc 或滚动页面即可关闭）'}));
  // Focusable, so that the keyboard scrolls a diagram larger than the window (arrow keys).
  overlay.tabIndex = 0;
  Object.assign(overlay.style, {
    position: 'fixed', inset: '0', zIndex: '1000', display: 'flex', overflow: 'auto',
    padding: '2vmin', boxSizing: 'border-box', cursor: 'zoom-out', outline: 'none',
    // Follows the colour mode, as the zoomed images' background does.
    background: 'var(--ifm-background-surface-color)',
  });
  // The diagram's own container classes, so that the styles for diagrams (src/css/custom.css,
  // src/theme/Mermaid) hold in the overlay too.
  const frame = document.createElement('div');
  frame.className = container.className;
  frame.classList.remove(zoomable);
  // Centred while it fits, scrollable from its start when it does not.
  Object.assign(frame.style, {margin: 'auto', flex: 'none'});
  const style = svg.getAttribute('style');
  const {width, height} = zoomedSize(svg, box);
  svg.replaceWith(placeholder);
  svg.setAttribute('style', `display: block; width: ${width}px; height: ${height}px; max-width: none;`);
  frame.append(svg);
  overlay.append(frame);
  document.body.append(overlay);
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };
  const onScroll = () => {
    if (current && Math.abs(window.scrollY - current.scrollY) >= imageZoomScrollOffsetPx) close();
  };
  overlay.addEventListener('click', (event) => {
    // Not on to the page's listener, which would find the diagram back in its place and open it again.
    event.stopPropagation();
    close();
  });
  document.addEventListener('keydown', onKey);
  window.addEventListener('scroll', onScroll, {passive: true});
  current = {container, svg, style, placeholder, overlay, scrollY: window.scrollY, cleanup: () => {
    document.removeEventListener('keydown', onKey);
    window.removeEventListener('scroll', onScroll);
  }};
  overlay.focus({preventScroll: true});
}

/** Puts an open diagram back in its place; the focus goes back to its zoom button. */
export function close(): void {
  if (!current) return;
  const {container, svg, style, placeholder, overlay, cleanup} = current;
  current = null;
  cleanup();
  if (style === null) svg.removeAttribute('style'); else svg.setAttribute('style', style);
  if (placeholder.isConnected) placeholder.replaceWith(svg);
  overlay.remove();
  if (container.isConnected) container.querySelector<HTMLElement>(`:scope > .${buttonClass}`)?.focus({preventScroll: true});
}
