/**
 * Must be evaluated before prismjs/components/prism-core: in a browser, Prism highlights every
 * `code.language-*` element of the document by itself on DOMContentLoaded unless `manual` is set
 * first, and that would rewrite code blocks React renders and hydrates.
 */
const host = globalThis as {Prism?: unknown};
host.Prism ??= {manual: true, disableWorkerMessageHandler: true};
