/**
 * Prism's core and the languages the docs highlight: json (jsonc reuses it, as Prism's json
 * grammar knows comments), bash, go, powershell and ini. Both the browser bundle (src/prism) and
 * the Node config (src/plugins/prismColours/themes.ts, which orders the colour rules by how tokens nest) load it.
 */
import './manual';
import Prism from 'prismjs/components/prism-core';
import 'prismjs/components/prism-clike';
import 'prismjs/components/prism-json';
import 'prismjs/components/prism-bash';
import 'prismjs/components/prism-go';
import 'prismjs/components/prism-powershell';
import 'prismjs/components/prism-ini';

Prism.languages.jsonc ??= Prism.languages.json;

export {Prism};
