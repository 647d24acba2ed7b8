/**
 * The panel's texts: Chinese in code, English in ./en.json (same ids as a translate() call would
 * use, without the site.TracePanel. prefix). They live in the panel's own chunks, not in
 * i18n/en/code.json: Docusaurus bundles code.json into every English page's main script, and
 * other pages' bytes must not grow. The language comes from the checker (Props.lang); the panel
 * passes it to its parts through LangContext.
 */
import {createContext, useContext} from 'react';
import type {Lang} from '@site/src/utils/lang';
import en from './en.json';

export type Tr = (d: {id: string; message: string}, values?: Record<string, string | number>) => string;

/** The panel's texts in one language. */
export function translator(lang: Lang): Tr {
  return (d, values) => {
    const text = lang === 'en' ? (en as Record<string, string>)[d.id] ?? d.message : d.message;
    return values ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m)) : text;
  };
}

export const LangContext = createContext<Lang>('zh');

/** The texts in the language the panel was given. */
export function useTr(): Tr {
  return translator(useContext(LangContext));
}
