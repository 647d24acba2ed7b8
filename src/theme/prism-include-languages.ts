/**
 * Replaces theme-classic 3.10.2's prism-include-languages, whose dynamic
 * require(`prismjs/components/prism-${lang}`) pulled prismjs's whole language registry
 * (components.js, dependencies.js: about 9 KB gzip) into main.js even with no additional
 * language. src/prism registers the languages the docs use, so there is nothing to add here.
 * The client module that calls it is itself replaced by src/prism/noIncludeLanguages; this stays
 * so that, should that alias ever stop matching, the registry still does not come back.
 */
export default function prismIncludeLanguages(): void {}
