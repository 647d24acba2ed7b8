// The one module of @easyops-cn/docusaurus-search-local 0.55.3 that src/plugins/searchLocalLean/SuggestionLink.ts
// imports; the package ships no types for it. What a result carries (dist/shared/interfaces).
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SuggestionTemplate.js' {
  export type SearchSuggestion = {
    document: {i: number; t: string; u: string; h?: string; s?: string; b?: string[]};
    type: number;
    page?: {t?: string; b?: string[]} | false;
    metadata: unknown;
    tokens: string[];
    isInterOfTree?: boolean;
    isLastOfTree?: boolean;
  };
  export function SuggestionTemplate(suggestion: SearchSuggestion): string;
}
