/**
 * Where local builds put DocSearch's modal stylesheet (src/plugins/localSearchUi), relative to the
 * locale's base URL; LocalSearchModal loads it when search first opens.
 */
export const modalCssPath = 'assets/css/docsearch-modal.css';
