import { isHexAddress, normalizeAddress } from '@floordesk/protocol';
import { useMatches } from 'react-router';
import { type AppRoute, appRoutes, NOT_FOUND_PATH } from './routes';

export type RouteHandle = { route: AppRoute };

const notFound = appRoutes.find((route) => route.path === NOT_FOUND_PATH)!;

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/** The route table entry of the page being shown. */
export function useCurrentRoute(): AppRoute {
  const handle = useMatches().at(-1)?.handle;
  return isRouteHandle(handle) ? handle.route : notFound;
}

/** The collection the current page is about (the `:id` of /collection/:id and its variants), or null. */
export function useRouteCollection(): string | null {
  const id = useMatches().at(-1)?.params.id;
  return id !== undefined && isHexAddress(id) ? normalizeAddress(id) : null;
}
