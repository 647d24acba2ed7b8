/**
 * Wraps @docusaurus/theme-classic 3.10.2 CodeBlock/Line/Token: a token that looks like plain text
 * in both colour modes is written as text, not as a span. That is text Prism did not classify
 * (`plain`) and any token whose types are all outside siteConfig.customFields.codeStyledTypes
 * (src/plugins/prismColours/themes.ts styledTokenTypes: with this site's themes, punctuation and operators).
 * On /config/routing.html that is ~870 of the page's ~2,700 elements, each laid out, hydrated
 * and sent in the HTML. An empty line keeps its span, which holds the line's height.
 */
import React, {type ReactNode} from 'react';
import siteConfig from '@generated/docusaurus.config';
import Token from '@theme-original/CodeBlock/Line/Token';
import type {Props} from '@theme/CodeBlock/Line/Token';

/** The styled token types, read once from the site config; null (no list) keeps every span. */
const styledList = siteConfig.customFields?.codeStyledTypes;
const styled: ReadonlySet<string> | null = Array.isArray(styledList) ? new Set(styledList.map(String)) : null;

/** A token that looks like plain text in both colour modes (also used by src/theme/CodeBlock/Content). */
export function isPlainToken(token: Props['token']): boolean {
  return !token.empty && token.types.every((type) => type === 'plain' || (styled !== null && !styled.has(type)));
}

export default function TokenWrapper(props: Props): ReactNode {
  return isPlainToken(props.token) ? <>{props.children}</> : <Token {...props} />;
}
