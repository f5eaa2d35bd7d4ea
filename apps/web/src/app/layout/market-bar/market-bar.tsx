import { BREAKPOINTS } from '@floordesk/protocol';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../../lib/lazy-component';
import { useMinWidth } from '../../../lib/use-min-width';
import { CalendarToggle, TrendingToggle } from './panel-toggles';
import { PriceTicker } from './price-ticker';

// Radix tooltips and popovers: they load beside the page rather than in front of it.
const MarketplaceToggles = lazyComponent(() =>
  import('./marketplace-toggles').then((module) => module.MarketplaceToggles),
);
const MoreMenu = lazyComponent(() => import('./more-menu').then((module) => module.MoreMenu));
// Sweeping and gas presets are code no first page needs to render; they arrive beside it.
const SweepControls = lazyComponent(() =>
  import('../../../features/sweep/components/sweep-controls').then((module) => module.SweepControls),
);
const SweepPopover = lazyComponent(() => import('./sweep-popover').then((module) => module.SweepPopover));
const GasPresets = lazyComponent(() =>
  import('../../../features/gas/components/gas-presets').then((module) => module.GasPresets),
);
const GasBarEffects = lazyComponent(() =>
  import('../../../features/gas/components/gas-bar-effects').then((module) => module.GasBarEffects),
);

type MarketBarProps = {
  /** The route offers the trending panel. */
  showTrending: boolean;
  /** The route shows the break-even price (with the sweep controls). */
  showBreak?: boolean;
  /** The collection the page is about: the sweep controls buy from it; none, none shown. */
  collection?: string | null;
};

/**
 * The bottom bar of routes flagged showBar, fixed to the bottom of the window. A spacer of its height
 * in the page flow keeps the end of the page from hiding behind it.
 */
export function MarketBar({ showTrending, showBreak = false, collection = null }: MarketBarProps) {
  const { t } = useTranslation();
  // Each part shows when the window is wider than its breakpoint.
  const desktop = useMinWidth(BREAKPOINTS.desktopBar + 1);
  const trendingToggle = useMinWidth(BREAKPOINTS.trendingToggle + 1);
  const calendarToggle = useMinWidth(BREAKPOINTS.calendarToggle + 1);
  const wide = useMinWidth(BREAKPOINTS.wideSweepButtons + 1);

  return (
    <>
      <div aria-hidden className="h-9 shrink-0" />
      <section
        aria-label={t('bar.label')}
        className="fixed inset-x-0 bottom-0 z-20 flex h-9 items-center gap-2 border-t border-line bg-panel px-2 sm:px-3"
      >
        {desktop ? (
          <>
            {/* Their labels only where the bar has room for them beside the sweep and gas controls. */}
            {showTrending && trendingToggle && <TrendingToggle compact={!wide} />}
            {calendarToggle && <CalendarToggle compact={!wide} />}
            {collection && <SweepControls collection={collection} showBreak={showBreak} />}
            <div className="flex-1" />
            <MarketplaceToggles full={false} />
            <div className="h-4 w-px bg-line" aria-hidden />
            <GasPresets labels={wide ? 'names' : 'keys'} />
            <div className="h-4 w-px bg-line" aria-hidden />
          </>
        ) : (
          <>
            <MoreMenu showTrending={showTrending} />
            {collection && <SweepPopover collection={collection} showBreak={showBreak} />}
            <div className="flex-1" />
          </>
        )}
        <PriceTicker />
        <GasBarEffects />
      </section>
    </>
  );
}
