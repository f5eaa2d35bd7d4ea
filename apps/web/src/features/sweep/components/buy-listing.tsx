import type { BuyListingProps } from '../../../components/slots';
import { useBuyListing } from '../use-sweep';

/** The sweep's side of the listings' Buy: one listing bought with the user's sweep settings. */
export function BuyListing({ collection, children }: BuyListingProps) {
  return children(useBuyListing(collection));
}
