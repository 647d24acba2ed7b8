import {themes, type PrismTheme} from 'prism-react-renderer';
import type {Grammar} from 'prismjs/components/prism-core';
import {Prism} from '../../prism/grammars';

/**
 * The code-block colours: prism-react-renderer's github (light) and dracula (dark) themes, with
 * every token colour that is under WCAG AA (4.5:1) on the block's background darkened (light) or
 * lightened (dark) until it passes. Upstream github has property/number at 2.6:1 and dracula its
 * comments at 3.0:1 (axe color-contrast). Hues stay; only lightness moves.
 */
const minContrast = 4.5;

type Rgb = [number, number, number];

function parse(color: string): Rgb | null {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16)) as Rgb;
  const rgb = /^rgb\(\s*(\d+),\s*(\d+),\s*(\d+)\s*\)$/i.exec(color);
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : null;
}

function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const hex = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** Mixes the colour towards black or white in 2 % steps until it reaches minContrast. */
function readable(color: string, background: Rgb, towards: 0 | 255): string {
  const start = parse(color);
  if (!start || contrast(start, background) >= minContrast) return color;
  for (let t = 0.02; t <= 1; t += 0.02) {
    const mixed = start.map((v) => v + (towards - v) * t) as Rgb;
    if (contrast(mixed, background) >= minContrast) return hex(mixed);
  }
  return towards === 0 ? '#000000' : '#ffffff';
}

function accessible(theme: PrismTheme): PrismTheme {
  const background = parse(theme.plain.backgroundColor ?? '#ffffff') ?? [255, 255, 255];
  const towards = luminance(background) > 0.5 ? 0 : 255;
  const fix = (color: string | undefined) => (color === undefined ? color : readable(color, background, towards));
  return {
    plain: {...theme.plain, color: fix(theme.plain.color)},
    styles: theme.styles.map((s) => ({...s, style: {...s.style, color: fix(s.style.color)}})),
  };
}

export const prismLight = accessible(themes.github);
export const prismDark = accessible(themes.dracula);

/**
 * The theme the site's code blocks render with, in both colour modes: the plain colours are CSS
 * variables and tokens carry no inline style, so the server's HTML is right in either mode and
 * nothing has to change once the page hydrates (src/theme/CodeBlock no longer remounts every
 * block after hydration, which cost routing ~60 ms of blocking script). The colours
 * themselves are in prismCss(), which src/plugins/prismColours adds to the site's CSS.
 */
export const prismTheme: PrismTheme = {
  plain: {color: 'var(--site-code-color)', backgroundColor: 'var(--site-code-background)'},
  styles: [],
};

const cssProperty: Record<string, string> = {color: 'color', fontStyle: 'font-style', opacity: 'opacity', textDecorationLine: 'text-decoration-line'};

type Pattern = {alias?: string | string[]; inside?: Grammar};

/**
 * The token types of the highlighted languages, outer before inner. A token's types list the
 * enclosing token first, then its alias, then what Prism found inside it (a bash variable in a
 * string is `string variable`), and prism-react-renderer lets the last type that styles a
 * property win. CSS cannot see that order, so the rules come in this one: a type's rule follows
 * the rules of every type that can enclose it. Where grammars nest two types both ways round,
 * the themes' own order decides.
 */
function typesOuterFirst(themeOrder: string[]): string[] {
  const inner = new Map<string, Set<string>>();
  const add = (outer: string, type: string) => {
    if (outer !== type) inner.set(outer, (inner.get(outer) ?? new Set()).add(type));
  };
  const reachable = new Map<Grammar, Set<string>>();
  /** Every type a grammar can produce, recording outer-to-inner pairs on the way. */
  const walk = (grammar: Grammar): Set<string> => {
    const known = reachable.get(grammar);
    if (known) return known;
    const types = new Set<string>();
    reachable.set(grammar, types);
    const entries = Object.entries(grammar);
    if (grammar.rest) entries.push(...Object.entries(grammar.rest as Grammar));
    for (const [type, value] of entries) {
      if (type === 'rest') continue;
      types.add(type);
      for (const pattern of (Array.isArray(value) ? value : [value]) as Pattern[]) {
        if (typeof pattern !== 'object' || pattern instanceof RegExp) continue;
        const aliases = pattern.alias === undefined ? [] : [pattern.alias].flat();
        for (const alias of aliases) {
          types.add(alias);
          add(type, alias);
        }
        if (!pattern.inside) continue;
        for (const nested of walk(pattern.inside)) {
          types.add(nested);
          for (const outer of [type, ...aliases]) add(outer, nested);
        }
      }
    }
    return types;
  };
  for (const grammar of Object.values(Prism.languages)) {
    if (grammar && typeof grammar === 'object' && !(grammar instanceof Function)) walk(grammar);
  }
  // Kahn's topological sort; ties and cycles are settled by the themes' order.
  const all = [...new Set([...themeOrder, ...inner.keys(), ...[...inner.values()].flatMap((s) => [...s])])];
  const rank = (type: string) => (themeOrder.includes(type) ? themeOrder.indexOf(type) : themeOrder.length);
  const pending = new Map(all.map((type) => [type, 0]));
  for (const types of inner.values()) for (const type of types) pending.set(type, pending.get(type)! + 1);
  const ordered: string[] = [];
  const left = new Set(all);
  while (left.size > 0) {
    const candidates = [...left].sort((a, b) => rank(a) - rank(b));
    const next = candidates.find((type) => pending.get(type) === 0) ?? candidates[0]!;
    left.delete(next);
    ordered.push(next);
    for (const type of inner.get(next) ?? []) pending.set(type, pending.get(type)! - 1);
  }
  return ordered;
}

/** A theme's CSS declarations per token type, later entries of the theme winning. */
function declarationsByType(theme: PrismTheme): Map<string, Record<string, string>> {
  const byType = new Map<string, Record<string, string>>();
  for (const {types, style} of theme.styles) {
    for (const type of types) {
      const declarations = byType.get(type) ?? {};
      for (const [key, value] of Object.entries(style)) {
        if (value === undefined) continue;
        const property = cssProperty[key];
        if (!property) throw new Error(`prismThemes: no CSS property for the theme's ${key}`);
        declarations[property] = String(value);
      }
      byType.set(type, declarations);
    }
  }
  return byType;
}

/**
 * The token types that look different from plain text in at least one colour mode. A token
 * whose types are all outside this list (plain text, and in these themes punctuation and
 * operators, which both themes colour like plain text) is written as bare text by
 * src/theme/CodeBlock/Line/Token: it looks the same and saves the page an element per token.
 */
export function styledTokenTypes(): string[] {
  const styled = new Set<string>();
  for (const theme of [prismLight, prismDark]) {
    const plainColour = parse(theme.plain.color ?? '');
    for (const [type, declarations] of declarationsByType(theme)) {
      const looksPlain = Object.entries(declarations).every(([property, value]) => {
        if (property !== 'color') return false;
        const colour = parse(value);
        return colour !== null && plainColour !== null && hex(colour) === hex(plainColour);
      });
      if (!looksPlain) styled.add(type);
    }
  }
  return [...styled].sort();
}

/** One colour mode's rules: its plain colours as variables, then one rule per token type. */
function modeCss(theme: PrismTheme, scope: string, order: string[]): string {
  const byType = declarationsByType(theme);
  const rule = (selector: string, declarations: Record<string, string>) =>
    `${selector}{${Object.entries(declarations).map(([k, v]) => `${k}:${v}`).join(';')}}`;
  return [
    rule(scope, {'--site-code-color': theme.plain.color!, '--site-code-background': theme.plain.backgroundColor!}),
    ...order.filter((type) => byType.has(type))
      .map((type) => rule(`${scope} .prism-code .token.${type}`, byType.get(type)!)),
  ].join('\n');
}

/**
 * The code colours as CSS: prismLight unless the page is in dark mode, then prismDark. A token
 * with several types gets the rule of each, the inner type's last (typesOuterFirst).
 */
export function prismCss(): string {
  const themeOrder = [...new Set([prismLight, prismDark].flatMap((theme) => theme.styles.flatMap((s) => s.types)))];
  const order = typesOuterFirst(themeOrder);
  return `${modeCss(prismLight, 'html:not([data-theme="dark"])', order)}\n${modeCss(prismDark, 'html[data-theme="dark"]', order)}\n`;
}
