/**
 * Where a collection link goes (spec §2): its trades summary when followed from a page with the trending flag,
 * its page otherwise.
 */
export function collectionPath(address: string, fromTrendingPage: boolean): string {
  return `/collection/${address.toLowerCase()}${fromTrendingPage ? '/summary' : ''}`;
}
