export type CollectionSection = 'listings' | 'trades' | 'chart' | 'holders';

/** One page, five routes: each route shows the page in one of these layouts. */
export type CollectionLayout = 'full' | 'summary' | 'compact' | 'listings' | 'trades';

/**
 * The sections of each layout, in order: on desktop the first two sit side by side (the first on the left) and the
 * rest below; on phones they are tabs and the first is the one that opens.
 */
export const LAYOUT_SECTIONS: Record<CollectionLayout, readonly CollectionSection[]> = {
  full: ['listings', 'trades', 'chart', 'holders'],
  // Opened from trending, where the trader came for what is selling now.
  summary: ['trades', 'listings', 'chart', 'holders'],
  compact: ['listings', 'trades'],
  listings: ['listings'],
  trades: ['trades'],
};
