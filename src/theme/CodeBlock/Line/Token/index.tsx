/**
 * Wraps @docusaurus/theme-classic 3.10.2 CodeBlock/Line/Token: a token that looks like plain text
 * in both colour modes is written as text, not as a span. That is text Prism did not classify
 * (`plain`) and any token whose types are all outside siteConfig.customFields.codeStyledTypes
 * (config/prismThemes.ts styledTokenTypes: with this site's themes, punctuation and operators).
 * On /config/routing.html that is ~870 of the page's ~2,700 elements, each laid out, hydrated
 * and sent in the HTML (issue 6). An empty line keeps its span, which holds the line's height.
 */
import React, {type ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Token from '@theme-original/CodeBlock/Line/Token';
import type {Props} from '@theme/CodeBlock/Line/Token';

const setsByList = new WeakMap<readonly string[], ReadonlySet<string>>();

/** The styled token types as a set, made once per site config; null keeps every span. */
function useStyledTypes(): ReadonlySet<string> | null {
  const list = useDocusaurusContext().siteConfig.customFields?.codeStyledTypes;
  if (!Array.isArray(list)) return null;
  let set = setsByList.get(list);
  if (!set) {
    set = new Set(list.map(String));
    setsByList.set(list, set);
  }
  return set;
}

export default function TokenWrapper(props: Props): ReactNode {
  const {token, children} = props;
  const styled = useStyledTypes();
  const looksPlain = !token.empty && token.types.every((type) => type === 'plain' || (styled !== null && !styled.has(type)));
  return looksPlain ? <>{children}</> : <Token {...props} />;
}
