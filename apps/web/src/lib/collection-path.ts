import { useMatches } from 'react-router';

/**
 * Where a collection link goes: its trades summary when followed from a page with the trending flag (the trending
 * and collection pages), its page otherwise.
 */
export function collectionPath(address: string, fromTrendingPage: boolean): string {
  return `/collection/${address.toLowerCase()}${fromTrendingPage ? '/summary' : ''}`;
}

/**
 * Whether the page being shown has the trending flag. The app's route table puts each route's flags in its
 * handle (`{ route }`); this reads the one flag without depending on the table.
 */
export function useOnTrendingPage(): boolean {
  const handle: unknown = useMatches().at(-1)?.handle;
  if (typeof handle !== 'object' || handle === null || !('route' in handle)) return false;
  const { route } = handle;
  return typeof route === 'object' && route !== null && 'showTrending' in route && route.showTrending === true;
}
