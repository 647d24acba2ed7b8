/**
 * theme-mermaid's configuration (themeConfig.mermaid): the mermaid theme of each colour mode and
 * mermaid's options; its defaults, written out because the build draws the diagrams with the same
 * configuration (src/plugins/staticDiagrams) as the browser fallback (src/theme/Mermaid).
 */
import type {MermaidThemeConfig} from '../src/plugins/staticDiagrams/render';

export const mermaidThemeConfig: MermaidThemeConfig = {theme: {light: 'default', dark: 'dark'}, options: {}};
