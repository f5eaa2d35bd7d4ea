import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { Listing } from '../lib/api/collection-listings';

/**
 * What one feature shows of another, given by the app (app/slots.tsx) so that features never import each other: a
 * collection's follow star (the watchlist) and buying one listing (the sweep).
 */
export type Slots = {
  FollowButton: ComponentType<{ address: string; className?: string }>;
  /** Renders `children` with the way to buy one listing of `collection` now. */
  BuyListing: ComponentType<BuyListingProps>;
};

export type BuyListingProps = { collection: string; children: (buy: (listing: Listing) => void) => ReactNode };

const SlotsContext = createContext<Slots>({
  FollowButton: () => null,
  BuyListing: ({ children }) => children(() => {}),
});

export function SlotsProvider({ slots, children }: { slots: Slots; children: ReactNode }) {
  return <SlotsContext.Provider value={slots}>{children}</SlotsContext.Provider>;
}

/** The watchlist's follow star for a collection. */
export function FollowButton(props: { address: string; className?: string }) {
  const { FollowButton: Button } = useContext(SlotsContext);
  return <Button {...props} />;
}

/** `children` with the way to buy one listing of `collection` with the user's sweep settings. */
export function BuyListing(props: BuyListingProps) {
  const { BuyListing: Buy } = useContext(SlotsContext);
  return <Buy {...props} />;
}
