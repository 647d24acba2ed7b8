/**
 * A page's code that fails to load (typically its chunk files were replaced by a new deployment)
 * must not leave the reader with a dead or blank page (the site's "failed lazy load" error screen).
 *
 * Docusaurus itself reloads the page when a client-side navigation cannot load the next route
 * (core PendingNavigation). After a full load, though, a failed chunk only rejects a promise: the
 * server HTML stays but nothing works. We catch that rejection, reload once more, and if it
 * fails again within a minute show a message with a reload link instead of reloading in a loop
 * (the guard is per tab, in sessionStorage).
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {translate} from '@docusaurus/Translate';
import {isChunkLoadError} from '@site/src/utils/chunks';

const storageKey = 'site.chunkReload';
const reloadGuardMs = 60_000;

function reloadedRecently(path: string): boolean {
  try {
    const last = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as {path?: string; at?: number} | null;
    return last?.path === path && typeof last.at === 'number' && Date.now() - last.at < reloadGuardMs;
  } catch {
    return false;
  }
}

function rememberReload(path: string): boolean {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify({path, at: Date.now()}));
    return true;
  } catch {
    // Without storage there is no loop guard: show the message rather than risk a loop.
    return false;
  }
}

function showMessage(): void {
  if (document.getElementById('site-chunk-error')) return;
  const box = document.createElement('div');
  box.id = 'site-chunk-error';
  box.setAttribute('role', 'alert');
  box.className = 'alert alert--warning shadow--md';
  Object.assign(box.style, {position: 'fixed', left: '1rem', right: '1rem', bottom: '1rem', zIndex: '1000', maxWidth: '40rem', margin: '0 auto'});
  const text = document.createElement('span');
  text.textContent = translate({id: 'site.ChunkError.message', message: '页面未能完整加载，可能是网站刚刚更新，或者网络不稳定。'});
  const link = document.createElement('a');
  link.href = window.location.href;
  link.textContent = translate({id: 'site.ChunkError.reload', message: '重新加载'});
  link.style.marginLeft = '0.5em';
  link.addEventListener('click', (event) => {
    event.preventDefault();
    window.location.reload();
  });
  box.append(text, link);
  document.body.appendChild(box);
}

function onUnhandledRejection(event: PromiseRejectionEvent): void {
  if (!isChunkLoadError(event.reason)) return;
  event.preventDefault();
  const path = window.location.pathname;
  if (!reloadedRecently(path) && rememberReload(path)) {
    window.location.reload();
    return;
  }
  showMessage();
}

if (ExecutionEnvironment.canUseDOM) {
  window.addEventListener('unhandledrejection', onUnhandledRejection);
}
