/**
 * The trace panel's CSS, added to the document when the panel mounts (as the checker does with
 * its own): a CSS module would land in the stylesheet every page loads. Classes carry tp-.
 */
const id = 'trace-panel-style';

const css = `
.tp-panel { margin-top: 1.5rem; border-top: 1px solid var(--ifm-color-emphasis-300); padding-top: 1rem; }
.tp-form { display: grid; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); gap: 0.5rem 1rem; margin: 0.5rem 0; }
.tp-form label { display: flex; flex-direction: column; gap: 0.2rem; font-size: 0.9rem; }
.tp-form input, .tp-form select { font: inherit; padding: 0.25rem 0.5rem; border: 1px solid var(--ifm-color-emphasis-500);
  border-radius: var(--ifm-global-radius); background: var(--ifm-background-color); color: var(--ifm-font-color-base); }
.tp-hint { font-size: 0.85rem; color: var(--ifm-color-emphasis-800); margin: 0.25rem 0; }
.tp-error { color: var(--ifm-color-danger-darkest); }
[data-theme='dark'] .tp-error { color: var(--ifm-color-danger-lightest); }
.tp-steps { padding-left: 1.5rem; }
.tp-steps li { margin: 0.35rem 0; }
.tp-sub { padding-left: 1.25rem; list-style: disc; }
.tp-yes { font-weight: 600; }
.tp-undecided { font-style: italic; }
.tp-result { font-weight: 600; margin: 0.75rem 0 0.25rem; }
.tp-warnings { border-left: 4px solid var(--ifm-color-warning-dark); padding: 0.25rem 0.75rem; margin: 0.75rem 0;
  background: var(--ifm-color-emphasis-100); }
.tp-geo { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1rem; margin: 0.5rem 0; }
.tp-fileButton { position: relative; }
.tp-fileInput { position: absolute; inset: 0; opacity: 0; width: 100%; cursor: pointer; }
.tp-fileButton:focus-within { outline: 2px solid var(--ifm-color-primary); outline-offset: 2px; }
.tp-docs { margin-left: 0.4rem; font-size: 0.85rem; }
`;

export function ensureTraceCss(): void {
  if (typeof document === 'undefined' || document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = css;
  document.head.appendChild(style);
}
