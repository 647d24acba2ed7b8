// @ts-check
/**
 * The drawing page's code (./render.ts adds it after mermaid's browser bundle): `drawDiagram`
 * draws one diagram in one colour mode and returns its SVG markup. Plain JavaScript, so that it
 * reaches the browser as written (a function handed to Playwright's evaluate would carry the
 * build's transpiler helpers).
 */
/** @type {any} */ (window).drawDiagram = async (
  /** @type {{text: string, id: string, config: object, mode: string}} */ {text, id, config, mode},
) => {
  /** mermaid's browser bundle, added before this file */
  const mermaid = /** @type {any} */ (window).mermaid;
  // theme-mermaid's client does the same before each render: initialize, then render.
  mermaid.initialize(config);
  const {svg} = await mermaid.render(id, text);
  const holder = document.createElement('div');
  holder.innerHTML = svg;
  const root = /** @type {SVGSVGElement} */ (holder.querySelector('svg'));
  // Every id in the SVG starts with the diagram's own (two diagrams on a page, two modes of each,
  // must not share one): an id mermaid did not derive from it is prefixed, and each reference to
  // it (url(#…), href="#…", aria-labelledby/-describedby) follows.
  /** @type {Map<string, string>} */
  const renamed = new Map();
  for (const el of Array.from(root.querySelectorAll('[id]'))) {
    if (el.id.startsWith(`${id}-`) || el.id.startsWith(`${id}_`)) continue;
    const to = `${id}-${el.id}`;
    renamed.set(el.id, to);
    el.id = to;
  }
  if (renamed.size) {
    const escape = (/** @type {string} */ s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    for (const el of Array.from(root.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        let value = attr.value;
        for (const [from, to] of renamed) {
          value = value.replace(new RegExp(`#${escape(from)}(?![\\w-])`, 'g'), `#${to}`);
          if (/^aria-(labelledby|describedby)$/.test(attr.name)) {
            value = value.split(' ').map((v) => (v === from ? to : v)).join(' ');
          }
        }
        if (value !== attr.value) el.setAttribute(attr.name, value);
      }
    }
  }
  // Coordinates of the drawn shapes and edges to a hundredth of a pixel: mermaid writes up to 17
  // digits, and its rounded shapes (stadiums) are paths of hundreds of points. Only numbers written
  // whole and apart ("12.3456"), never those of a compact path ("1.5.5" is 1.5 and .5: its icons'),
  // and not in symbols and markers.
  for (const el of Array.from(root.querySelectorAll('g [d]'))) {
    if (el.closest('symbol, marker, defs')) continue;
    const d = /** @type {string} */ (el.getAttribute('d'));
    el.setAttribute('d', d.replace(/(?<![\d.])-?\d+\.\d{3,}(?![\d.eE])/g, (n) => String(Math.round(Number(n) * 100) / 100)));
  }
  root.setAttribute('data-diagram-mode', mode);
  return root.outerHTML;
};
