/**
 * Adds our Table to theme-classic's MDX components (the documented way to extend MDX scope;
 * the swizzle CLI refuses to wrap this object). Tool and Uuid are not here on purpose: pages
 * import them, which keeps them out of the main bundle (STYLE: Components).
 */
import MDXComponents from '@theme-original/MDXComponents';
import Table from './Table';

export default {...MDXComponents, table: Table};
