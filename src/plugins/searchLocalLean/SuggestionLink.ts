/**
 * The local search's result template (issue 19: results are links). @easyops-cn/docusaurus-search-local
 * 0.55.3 renders each result as a `<div role="option">` that only script can follow, so a reader
 * cannot open one in a new tab. src/plugins/searchLocalLean points SearchBar.jsx's import of its
 * SuggestionTemplate here; this wraps the plugin's own markup in a link to the same address the
 * plugin opens on Enter (the page, plus the section's hash). src/clientModules/searchResultLinks
 * keeps a plain click on the plugin's in-app navigation and lets Ctrl/Cmd/Shift-click and the
 * middle button do what links do.
 */
// The plugin's own template, by its file path: this module replaces the plugin's relative import.
import {SuggestionTemplate as original} from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SuggestionTemplate.js';

type Suggestion = Parameters<typeof original>[0];

/** Where a result leads: the document's page and, for a heading, its hash. */
export function resultHref(suggestion: {document: {u: string; h?: string}}): string {
  return `${suggestion.document.u}${suggestion.document.h ?? ''}`;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function SuggestionTemplate(suggestion: Suggestion): string {
  const inner = original(suggestion);
  // The "Ask AI" entry (off here) has no page.
  if (!suggestion.document.u) return inner;
  return `<a class="search-result-link" href="${escapeAttribute(resultHref(suggestion))}" tabindex="-1">${inner}</a>`;
}
