import {matchRoutes} from 'react-router-config';
import routes from '@generated/routes';

/**
 * Whether `pathname` is one of the site's pages, not the catch-all 404 route. A match that
 * ends on a route with child routes (a docs root that found no doc) is not a page either.
 */
export function isRoute(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname);
  const leaf = matches[matches.length - 1];
  return leaf !== undefined && leaf.route.path !== '*' && !leaf.route.routes;
}
