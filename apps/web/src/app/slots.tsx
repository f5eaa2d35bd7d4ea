import type { ReactNode } from 'react';
import { type BuyListingProps, type Slots, SlotsProvider } from '../components/slots';
import { useBuyListing } from '../features/sweep/use-sweep';
import { FollowButton } from '../features/watchlist/components/follow-button';

function BuyListing({ collection, children }: BuyListingProps) {
  return children(useBuyListing(collection));
}

const SLOTS: Slots = { FollowButton, BuyListing };

/** Gives features what they show of each other (components/slots.tsx). */
export function AppSlots({ children }: { children: ReactNode }) {
  return <SlotsProvider slots={SLOTS}>{children}</SlotsProvider>;
}
