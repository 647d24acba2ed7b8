// A diagram's module (src/plugins/staticDiagrams) in the browser's bundle: the diagram's markup
// is in the page's HTML, which src/theme/Mermaid takes from the page (or fetches).
export default null;
