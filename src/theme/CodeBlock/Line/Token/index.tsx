/**
 * Wraps @docusaurus/theme-classic 3.10.2 CodeBlock/Line/Token: text Prism did not classify
 * (type `plain`, which no colour rule styles) is written as text, not as a
 * <span class="token plain">. On /config/routing.html that is 516 of the page's ~2,700
 * elements, each laid out, hydrated and shipped in the HTML (issue 6). An empty line keeps its
 * span, which holds the line's height.
 */
import React, {type ReactNode} from 'react';
import Token from '@theme-original/CodeBlock/Line/Token';
import type {Props} from '@theme/CodeBlock/Line/Token';

export default function TokenWrapper(props: Props): ReactNode {
  const {token, children} = props;
  const plain = token.types.length === 1 && token.types[0] === 'plain' && !token.empty;
  return plain ? <>{children}</> : <Token {...props} />;
}
