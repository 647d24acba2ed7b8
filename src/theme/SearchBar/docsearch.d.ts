// Style-only modules the DocSearch modal loads with it (as theme-search-algolia's SearchBar does).
declare module '@docsearch/react/style';
