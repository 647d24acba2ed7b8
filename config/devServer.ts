/**
 * Whether the site is being served by the dev server (`npm start`), which skips what only a
 * production build needs (WRITING.md "The dev server" lists what is absent).
 *
 * The Docusaurus CLI sets NODE_ENV=development unless the command sets it: `build` sets
 * production (`build --dev` development). Docusaurus itself makes the same test to skip its git
 * lookups in dev (@docusaurus/utils 3.10.2 vcs/vcsDefaultV2.js). `write-translations` runs as
 * development too but must see every theme's strings (the local search's among them), so it
 * keeps the full site.
 */
export const devServer: boolean =
  process.env.NODE_ENV === 'development' && !process.argv.includes('write-translations');
