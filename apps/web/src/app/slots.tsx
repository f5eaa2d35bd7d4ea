import type { ReactNode } from 'react';
import { type Slots, SlotsProvider } from '../components/slots';
import { FollowButton } from '../features/watchlist/components/follow-button';
import { lazyComponent } from '../lib/lazy-component';

const SLOTS: Slots = {
  FollowButton,
  // The sweep's code stays off the first page: only a collection page's listings use it.
  BuyListing: lazyComponent(() =>
    import('../features/sweep/components/buy-listing').then((module) => module.BuyListing),
  ),
};

/** Gives features what they show of each other (components/slots.tsx). */
export function AppSlots({ children }: { children: ReactNode }) {
  return <SlotsProvider slots={SLOTS}>{children}</SlotsProvider>;
}
