/**
 * The checker's CSS. It lives in the checker page's own chunk and is added to the document when
 * the checker (or the plain box shown until it has loaded) mounts: a CSS module would land in the
 * site's one stylesheet, which every page loads (Docusaurus merges all CSS into it), and other
 * pages' first-visit bytes must not grow.
 * Class names carry the prefix cc-; colours are Infima variables, so both colour modes follow.
 */
export const checkerStyleId = 'config-checker-style';

export const checkerCss = `
.cc-status,
.cc-help {
  margin: 0.5rem 0;
}

.cc-toolbar {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 0.75rem;
  margin-bottom: 0.5rem;
}

.cc-select {
  font: inherit;
  padding: 0.25rem 0.5rem;
  border: 1px solid var(--ifm-color-emphasis-500);
  border-radius: var(--ifm-global-radius);
  background: var(--ifm-background-color);
  color: var(--ifm-font-color-base);
}

.cc-detected {
  color: var(--ifm-color-emphasis-800);
}

.cc-fileButton {
  position: relative;
  margin-left: auto;
}

.cc-fileButton:focus-within {
  outline: 2px solid var(--ifm-color-primary);
  outline-offset: 2px;
}

.cc-fileInput {
  position: absolute;
  inset: 0;
  opacity: 0;
  width: 100%;
  cursor: pointer;
}

.cc-help {
  font-size: 0.875rem;
  color: var(--ifm-color-emphasis-800);
}

.cc-fileError,
.cc-failed {
  color: var(--ifm-color-danger-contrast-foreground);
  background: var(--ifm-color-danger-contrast-background);
  padding: 0.25rem 0.5rem;
  border-radius: var(--ifm-global-radius);
}

.cc-failed code {
  word-break: break-word;
}

.cc-more {
  margin: 0.5rem 0;
  color: var(--ifm-color-emphasis-800);
}

.cc-editor {
  border: 1px solid var(--ifm-color-emphasis-500);
  border-radius: var(--ifm-global-radius);
  font-size: 0.875rem;
  background: var(--ifm-background-color);
}

.cc-editor .cm-editor {
  min-height: 16rem;
  max-height: 70vh;
}

/* the plain box shown until the editor has loaded (./index.tsx): the editor's size and font */
.cc-plain {
  display: block;
  box-sizing: border-box;
  width: 100%;
  min-height: 16rem;
  max-height: 70vh;
  margin: 0;
  padding: 4px 6px;
  border: 0;
  border-radius: var(--ifm-global-radius);
  resize: vertical;
  font-family: var(--ifm-font-family-monospace);
  font-size: inherit;
  line-height: 1.4;
  background: transparent;
  color: var(--ifm-font-color-base);
  caret-color: var(--ifm-font-color-base);
}

.cc-plain:focus {
  outline: 2px solid var(--ifm-color-primary);
  outline-offset: 1px;
}

.cc-plain::placeholder {
  color: var(--ifm-color-emphasis-700);
  opacity: 1;
}

.cc-editor .cm-editor.cm-focused {
  outline: 2px solid var(--ifm-color-primary);
  outline-offset: 1px;
}

.cc-editor .cm-scroller {
  font-family: var(--ifm-font-family-monospace);
  overflow: auto;
}

.cc-editor .cm-content {
  caret-color: var(--ifm-font-color-base);
  color: var(--ifm-font-color-base);
}

.cc-editor .cm-gutters {
  background: var(--ifm-color-emphasis-100);
  color: var(--ifm-color-emphasis-800);
  border-right: 1px solid var(--ifm-color-emphasis-300);
}

.cc-editor .cm-placeholder {
  color: var(--ifm-color-emphasis-700);
}

.cc-editor .cm-selectionBackground,
.cc-editor .cm-focused .cm-selectionBackground {
  background: var(--ifm-color-emphasis-300) !important;
}

/* JSON tokens (@lezer/highlight classHighlighter); colours pass AA on both backgrounds */
.cc-editor .tok-propertyName { color: #0b5cad; }
.cc-editor .tok-string { color: #1a7f37; }
.cc-editor .tok-number,
.cc-editor .tok-bool,
.cc-editor .tok-null { color: #a3480b; }
.cc-editor .tok-comment { color: #5c6370; font-style: italic; }

[data-theme='dark'] .cc-editor .tok-propertyName { color: #79b8ff; }
[data-theme='dark'] .cc-editor .tok-string { color: #85e89d; }
[data-theme='dark'] .cc-editor .tok-number,
[data-theme='dark'] .cc-editor .tok-bool,
[data-theme='dark'] .cc-editor .tok-null { color: #ffab70; }
[data-theme='dark'] .cc-editor .tok-comment { color: #a0a8b4; }

.cc-editor .cm-lintRange-error {
  background-image: none;
  text-decoration: underline wavy var(--ifm-color-danger);
  text-decoration-skip-ink: none;
}

.cc-problems {
  padding-left: 1.5rem;
}

.cc-problem {
  margin-bottom: 0.5rem;
}

.cc-where {
  font: inherit;
  background: none;
  border: none;
  padding: 0;
  color: var(--ifm-link-color);
  text-decoration: underline;
  cursor: pointer;
  margin-right: 0.5rem;
}

.cc-path {
  margin-right: 0.5rem;
}

.cc-warning {
  margin-right: 0.5rem;
  font-weight: var(--ifm-font-weight-semibold);
  color: var(--ifm-color-warning-darkest);
}

.cc-message {
  margin-right: 0.5rem;
}

.cc-docs {
  white-space: nowrap;
}

.cc-srOnly {
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
}
`;

/** Adds the CSS once per document. */
export function ensureCheckerCss(): void {
  if (document.getElementById(checkerStyleId)) return;
  const style = document.createElement('style');
  style.id = checkerStyleId;
  style.textContent = checkerCss;
  document.head.appendChild(style);
}
