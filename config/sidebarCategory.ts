/** A collapsible sidebar category, closed until the reader opens it; `key` keeps its id stable across languages. */
export const category = (label: string, items: string[], key: string) =>
  ({type: 'category' as const, label, key, collapsible: true, collapsed: true, items});
