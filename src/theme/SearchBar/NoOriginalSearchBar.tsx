/** Stands in for ./OriginalSearchBar in local builds (src/plugins/localSearchUi); never rendered there. */
export default function NoOriginalSearchBar(): null {
  return null;
}
