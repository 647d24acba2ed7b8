/**
 * theme-mermaid's configuration (themeConfig.mermaid): the mermaid theme of each colour mode and
 * mermaid's options; theme-mermaid's defaults and a seed, written out because the build draws the diagrams with the same
 * configuration (src/plugins/staticDiagrams) as the browser fallback (src/theme/Mermaid).
 */
import type {MermaidThemeConfig} from '../src/plugins/staticDiagrams/render';

export const mermaidThemeConfig: MermaidThemeConfig = {
  theme: {light: 'default', dark: 'dark'},
  // Mermaid draws some shapes (a stadium's rounded ends) through rough.js, whose control points are
  // random unless seeded: seeded, a diagram is drawn the same in both colour modes and in every build.
  options: {handDrawnSeed: 1},
};
