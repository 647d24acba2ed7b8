/**
 * The panel's texts: Chinese in code, English in ./en.json (same ids as a translate() call would
 * use, without the site.TracePanel. prefix). They live in the panel's own chunks, not in
 * i18n/en/code.json: Docusaurus bundles code.json into every English page's main script, and
 * other pages' bytes must not grow. The panel renders in the browser only, so the
 * page's <html lang> says which language to use.
 */
import en from './en.json';

const english = (): boolean => typeof document !== 'undefined' && document.documentElement.lang.toLowerCase().startsWith('en');

export function tr(d: {id: string; message: string}, values?: Record<string, string | number>): string {
  const text = english() ? (en as Record<string, string>)[d.id] ?? d.message : d.message;
  return values ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m)) : text;
}
