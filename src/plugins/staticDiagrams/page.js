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
  // Then each such path is written with relative coordinates, as few separators as SVG needs
  // (`c.3.01.6.02` for `C57.14 -20.68, 57.44 -20.67, 57.74 -20.66`), the same points exactly (the
  // differences are worked out in hundredths, as integers): a rough.js stadium's hundreds of points
  // become a few repeated steps, which gzip shrinks (the English design page's diagram: 11.9 to
  // 7.3 KB). Kept only where the browser finds the two the same path (samePath).
  document.body.append(holder);
  for (const el of Array.from(root.querySelectorAll('g [d]'))) {
    if (el.closest('symbol, marker, defs')) continue;
    const d = /** @type {string} */ (el.getAttribute('d'));
    const rounded = d.replace(/(?<![\d.])-?\d+\.\d{3,}(?![\d.eE])/g, (n) => String(Math.round(Number(n) * 100) / 100));
    el.setAttribute('d', rounded);
    const relative = relativePath(rounded);
    if (relative !== null && relative.length < rounded.length && el instanceof SVGPathElement && undashed(el) && samePath(el, relative)) {
      el.setAttribute('d', relative);
    }
  }
  holder.remove();
  // The edges' points as base64 JSON (`data-points`, for mermaid's own scripts, none of which runs
  // in the reader's page): about a kilobyte of gzip per flowchart that nothing reads.
  for (const el of Array.from(root.querySelectorAll('[data-points]'))) el.removeAttribute('data-points');
  const style = root.querySelector(':scope > style');
  if (style) style.textContent = usedRules(/** @type {string} */ (style.textContent), root);
  // Then the elements drawn only where something refers to them (markers, gradients, filters,
  // symbols…) that nothing refers to: mermaid defines every arrowhead and icon of the diagram's
  // type (a sequence diagram carries a 13 KB database icon), and its dark theme a gradient.
  for (let removed = true; removed;) {
    removed = false;
    const markup = root.outerHTML;
    for (const el of Array.from(root.querySelectorAll(referencedOnly))) {
      const ref = new RegExp(`#${el.id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`);
      if (el.id && ref.test(markup)) continue;
      el.remove();
      removed = true;
    }
  }
  deadColourAttributes(root, holder);
  root.setAttribute('data-diagram-mode', mode);
  return root.outerHTML;
};

/** A number of a path in hundredths, or null if it has more decimals. */
function hundredths(/** @type {string} */ n) {
  const value = Math.round(Number(n) * 100);
  return Math.abs(Number(n) * 100 - value) < 1e-6 ? value : null;
}

/** Hundredths written as SVG's shortest number: 50 -> ".5", -125 -> "-1.25", 300 -> "3". */
function number(/** @type {number} */ n) {
  const digits = (Math.abs(n) / 100).toFixed(2).replace(/\.?0+$/, '').replace(/^0\./, '.');
  return n < 0 ? `-${digits}` : digits;
}

/**
 * An absolute path of M, L, C and Z commands (mermaid's edges and shapes) with relative
 * coordinates, or null for any other path. Each number is joined to the one before with a space
 * only where SVG's grammar needs one (not before a minus, nor before ".5" after a number with a
 * point); a command the same as the one before is left out.
 * @param {string} d
 * @returns {string | null}
 */
function relativePath(d) {
  const tokens = d.match(/[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) ?? [];
  if (tokens.join('').length !== d.replace(/[\s,]/g, '').length) return null;
  let out = '';
  let command = '';
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  let at = 0;
  /** @param {string[]} numbers */
  const write = (/** @type {string} */ letter, numbers) => {
    if (letter !== command || letter === 'm') out += letter;
    else if (!numbers[0]?.startsWith('-')) out += ' ';
    numbers.forEach((n, i) => {
      if (i > 0 && !n.startsWith('-') && !(n.startsWith('.') && /\.\d*$/.test(numbers[i - 1] ?? ''))) out += ' ';
      out += n;
    });
    command = letter === 'm' ? 'l' : letter;
  };
  while (at < tokens.length) {
    const letter = /** @type {string} */ (tokens[at]);
    at += 1;
    if (letter === 'Z') {
      out += 'z';
      command = 'z';
      x = startX;
      y = startY;
      continue;
    }
    const arity = letter === 'C' ? 6 : letter === 'M' || letter === 'L' ? 2 : 0;
    if (!arity) return null;
    /** @type {number[]} */
    const values = [];
    while (at < tokens.length && /^[-+.\d]/.test(/** @type {string} */ (tokens[at]))) {
      const value = hundredths(/** @type {string} */ (tokens[at]));
      if (value === null) return null;
      values.push(value);
      at += 1;
    }
    if (!values.length || values.length % arity) return null;
    for (let i = 0; i < values.length; i += arity) {
      const group = values.slice(i, i + arity);
      const moving = letter === 'M' && i === 0;
      write(moving ? 'm' : letter === 'M' ? 'l' : letter.toLowerCase(), group.map((v, j) => number(v - (j % 2 ? y : x))));
      x = /** @type {number} */ (group[arity - 2]);
      y = /** @type {number} */ (group[arity - 1]);
      if (moving) {
        startX = x;
        startY = y;
      }
    }
  }
  return out;
}

/**
 * Whether `el` is drawn without dashes: a dash pattern is laid along the path's length, which the
 * browser sums a little differently for relative steps, so the dots at the far end of a long
 * dotted edge would move.
 * @param {Element} el
 */
function undashed(el) {
  return /^(none|0(px)?(,\s*0(px)?)*)$/.test(getComputedStyle(el).strokeDasharray);
}

/**
 * Whether path data `d` draws the same path as `el` (in the page): the same length, and the same
 * point at each of 64 places along it, to a thousandth of a pixel.
 * @param {SVGPathElement} el
 * @param {string} d
 */
function samePath(el, d) {
  const copy = /** @type {SVGPathElement} */ (el.cloneNode(false));
  copy.setAttribute('d', d);
  el.after(copy);
  try {
    const length = el.getTotalLength();
    if (Math.abs(copy.getTotalLength() - length) > 1e-3) return false;
    for (let i = 0; i <= 64; i += 1) {
      const a = el.getPointAtLength((length * i) / 64);
      const b = copy.getPointAtLength((length * i) / 64);
      if (Math.abs(a.x - b.x) > 1e-3 || Math.abs(a.y - b.y) > 1e-3) return false;
    }
    return true;
  } finally {
    copy.remove();
  }
}

/** SVG's presentation attributes that take a colour. */
const colourAttributes = ['fill', 'stroke', 'color', 'stop-color', 'flood-color', 'lighting-color'];

/**
 * Removes each colour attribute (`fill="#ECECFF"`) that the diagram's stylesheet overrides: a
 * presentation attribute gives way to any rule that sets its property, so it draws nothing, in
 * this page as in the site's (where the same stylesheet applies, and the site's CSS could only
 * override it further). mermaid writes such attributes on the shapes it draws through rough.js,
 * in each theme's colours; left there they would be colours outside CSS, which ./colours.ts
 * cannot make follow the colour mode. An attribute is overridden when changing its value does not
 * change the element's computed value.
 * @param {Element} root
 * @param {HTMLElement} holder
 */
function deadColourAttributes(root, holder) {
  document.body.append(holder);
  const selector = colourAttributes.map((name) => `[${name}]`).join(', ');
  for (const el of Array.from(root.querySelectorAll(selector))) {
    for (const name of colourAttributes) {
      const value = el.getAttribute(name);
      if (value === null) continue;
      const computed = getComputedStyle(el).getPropertyValue(name);
      el.setAttribute(name, 'rgb(1, 2, 3)');
      const overridden = getComputedStyle(el).getPropertyValue(name) === computed;
      if (overridden) el.removeAttribute(name);
      else el.setAttribute(name, value);
    }
  }
  holder.remove();
}

/** Elements that draw nothing unless referred to (`url(#id)`, `href="#id"`). */
const referencedOnly = 'marker, linearGradient, radialGradient, pattern, filter, symbol, clipPath, mask';

/**
 * The rules of a diagram's stylesheet (mermaid's, written by stylis: `selector{…}` one after the
 * other, at-rules with blocks inside) without the style rules that match no element of the
 * drawing: mermaid writes the rules of every look and shape of the diagram's type, and some
 * differ between its themes in more than colour (a dark theme's gradient and shadow for a look
 * no diagram here uses), which would keep the two drawings from sharing one SVG (./colours.ts).
 * A rule stays when any of its selectors matches the root or an element inside it, when its
 * selector has a pseudo-class or pseudo-element (`:hover` matches nothing while drawing), when
 * the browser cannot read it, and when it is an at-rule (@keyframes, @media).
 * @param {string} css
 * @param {Element} root
 */
function usedRules(css, root) {
  let out = '';
  let at = 0;
  while (at < css.length) {
    const open = css.indexOf('{', at);
    if (open < 0) {
      out += css.slice(at);
      break;
    }
    let depth = 1;
    let end = open + 1;
    for (; end < css.length && depth > 0; end += 1) {
      if (css[end] === '{') depth += 1;
      else if (css[end] === '}') depth -= 1;
    }
    const prelude = css.slice(at, open).trim();
    const rule = css.slice(at, end);
    at = end;
    if (prelude.startsWith('@') || prelude.includes(':')) {
      out += rule;
      continue;
    }
    const matches = prelude.split(',').some((selector) => {
      try {
        return root.matches(selector) || root.querySelector(selector) !== null;
      } catch {
        return true;
      }
    });
    if (matches) out += rule;
  }
  return out;
}
