/**
 * One SVG for both colour modes. ./render.ts draws each diagram twice, in the light and the dark
 * mermaid theme; the two drawings have the same layout and differ in their colours only, so the
 * page needs one of them with each colour that differs written as a CSS custom property
 * (`var(--dg0)`), and the two palettes: `#<id>{--dg0:…}` (light, and the default without
 * `data-theme`) and `html[data-theme=dark] #<id>{--dg0:…}`, at the start of the drawing's own
 * stylesheet. The colour mode switches the palette, with no script, before the first paint (the
 * theme's inline script sets `data-theme` first), also in the zoom's overlay (the SVG is moved
 * there with its stylesheet).
 *
 * `mergeColourModes` checks that the drawings really differ in colour values only: with the
 * drawings' own ids (`<id>-light`, `<id>-dark`) and their `data-diagram-mode` set aside, the text
 * between colour values (elements, attributes, geometry, labels, the stylesheet's selectors and
 * properties) is the same in both, and every colour that differs is in CSS (the stylesheet or a
 * `style` attribute: a custom property in a presentation attribute such as `fill="…"` is not
 * something every browser reads). Otherwise it says where they differ, and the page keeps both
 * drawings, one shown per colour mode (./index.ts, src/theme/Mermaid/styles.module.css).
 */

/** CSS's named colours, and `transparent`. */
const namedColours = ('aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown '
  + 'burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod '
  + 'darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen '
  + 'darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue '
  + 'firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew '
  + 'hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan '
  + 'lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray '
  + 'lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid '
  + 'mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream '
  + 'mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen '
  + 'paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown '
  + 'saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen '
  + 'steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen transparent').split(' ');

/**
 * A colour value as mermaid writes them: `#rgb`…`#rrggbbaa` (not an id in `url(#…)` or
 * `href="#…"`), `rgb()`/`rgba()`/`hsl()`/`hsla()`, or a named colour as a word of its own.
 */
const colourValue = new RegExp(String.raw`(?<![\w&]|url\(\s*|href=")#[0-9a-f]{3,8}(?![\w-])`
  + String.raw`|\b(?:rgba?|hsla?)\([^()]*\)`
  + String.raw`|(?<![\w#.\-])(?:${namedColours.join('|')})(?![\w\-])`, 'gi');

export type Merged = {svg: string} | {differs: string};

/** Where CSS is in an SVG's markup: its `<style>` elements' text and its `style` attributes' values. */
function cssRanges(svg: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (const m of svg.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) {
    const start = m.index + m[0].indexOf('>') + 1;
    ranges.push([start, start + m[1]!.length]);
  }
  for (const m of svg.matchAll(/\sstyle="([^"]*)"/g)) {
    const start = m.index + m[0].indexOf('"') + 1;
    ranges.push([start, start + m[1]!.length]);
  }
  return ranges;
}

/** A drawing with its own ids (`<id>-<mode>`) and mode set aside, as the merged SVG has them. */
function common(svg: string, id: string, mode: 'light' | 'dark'): string {
  return svg.split(`${id}-${mode}`).join(id).replace(`data-diagram-mode="${mode}"`, 'data-diagram-mode="both"');
}

const excerpt = (text: string, at: number): string => JSON.stringify(text.slice(Math.max(0, at - 60), at + 60));

/** Where two texts first differ. */
function firstDifference(a: string, b: string): number {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at += 1;
  return at;
}

/**
 * The light and dark drawings of diagram `id` (./page.js's markup: the root's id `<id>-light`,
 * every other id starting with it, `data-diagram-mode="light"`; the same for dark) as one SVG whose
 * differing colours follow the colour mode, or where they differ in more than colour.
 */
export function mergeColourModes(light: string, dark: string, id: string): Merged {
  const a = common(light, id, 'light');
  const b = common(dark, id, 'dark');
  const coloursA = [...a.matchAll(colourValue)];
  const coloursB = [...b.matchAll(colourValue)];
  const restA = a.split(colourValue);
  const restB = b.split(colourValue);
  for (let i = 0; i < Math.max(restA.length, restB.length); i += 1) {
    if (restA[i] === restB[i]) continue;
    const at = (coloursA[i - 1]?.index ?? 0) + (coloursA[i - 1]?.[0].length ?? 0) + firstDifference(restA[i] ?? '', restB[i] ?? '');
    const atB = (coloursB[i - 1]?.index ?? 0) + (coloursB[i - 1]?.[0].length ?? 0) + firstDifference(restA[i] ?? '', restB[i] ?? '');
    return {differs: `the drawings differ in more than colour: light ${excerpt(a, at)}, dark ${excerpt(b, atB)}`};
  }
  const css = cssRanges(a);
  const variables = new Map<string, number>();
  let merged = '';
  let from = 0;
  for (const [i, colourA] of coloursA.entries()) {
    const valueA = colourA[0];
    const valueB = coloursB[i]![0];
    if (valueA === valueB) continue;
    const at = colourA.index;
    if (!css.some(([start, end]) => at >= start && at < end)) {
      return {differs: `a colour that differs (${valueA} light, ${valueB} dark) is outside CSS: ${excerpt(a, at)}`};
    }
    const key = `${valueA}\n${valueB}`;
    if (!variables.has(key)) variables.set(key, variables.size);
    merged += `${a.slice(from, at)}var(--dg${variables.get(key)})`;
    from = at + valueA.length;
  }
  merged += a.slice(from);
  if (!variables.size) return {svg: merged};
  const palette = (mode: 0 | 1) => [...variables].map(([key, n]) => `--dg${n}:${key.split('\n')[mode]}`).join(';');
  const rules = `#${id}{${palette(0)}}html[data-theme=dark] #${id}{${palette(1)}}`;
  const style = /<style\b[^>]*>/.exec(merged);
  if (style) return {svg: merged.slice(0, style.index + style[0].length) + rules + merged.slice(style.index + style[0].length)};
  const open = /^<svg\b[^>]*>/.exec(merged);
  if (!open) return {differs: 'the drawing does not start with <svg>'};
  return {svg: `${open[0]}<style>${rules}</style>${merged.slice(open[0].length)}`};
}
