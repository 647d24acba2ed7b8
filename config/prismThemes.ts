import {themes, type PrismTheme} from 'prism-react-renderer';

/**
 * The code-block colours: prism-react-renderer's github (light) and dracula (dark) themes, with
 * every token colour that is under WCAG AA (4.5:1) on the block's background darkened (light) or
 * lightened (dark) until it passes. Upstream github has property/number at 2.6:1 and dracula its
 * comments at 3.0:1 (issue 6, axe color-contrast). Hues stay; only lightness moves.
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
