/**
 * Local search results are links (issue 19; src/plugins/searchLocalLean/SuggestionLink.ts wraps
 * each result in one). A plain click stays with the search plugin, which opens the result inside
 * the app without reloading; a click with Ctrl, Cmd or Shift is the browser's, as on any link
 * (a new tab or window), and the plugin does not also navigate this tab. The middle button fires
 * no click, so the browser opens the link in a new tab by itself.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

/** What a click on a result link should do: leave it to the browser, or to the search plugin. */
export function resultClickOwner(event: Pick<MouseEvent, 'button' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): 'browser' | 'plugin' {
  return event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey ? 'browser' : 'plugin';
}

if (ExecutionEnvironment.canUseDOM) {
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a.search-result-link') : null;
    if (!link) return;
    if (resultClickOwner(event) === 'browser') {
      // Captured at the document, so the plugin's own click handler never sees it.
      event.stopPropagation();
      return;
    }
    // The plugin navigates; the link must not also load the page.
    event.preventDefault();
  }, true);
}
