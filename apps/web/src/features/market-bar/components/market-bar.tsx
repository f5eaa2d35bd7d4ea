import { BREAKPOINTS } from '@floordesk/protocol';
import * as Popover from '@radix-ui/react-popover';
import { Ellipsis } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { setPanelOpen, usePanelOpen } from '../../../app/layout/panels-store';
import { useMinWidth } from '../../../lib/use-min-width';
import { MarketplaceToggles } from './marketplace-toggles';
import { CalendarToggle, TrendingToggle } from './panel-toggles';
import { PriceTicker } from './price-ticker';

type MarketBarProps = {
  /** The route offers the trending panel. */
  showTrending: boolean;
};

/**
 * The bottom bar of routes flagged showBar (spec §2), fixed to the bottom of the window. A spacer of its height
 * in the page flow keeps the end of the page from hiding behind it.
 */
export function MarketBar({ showTrending }: MarketBarProps) {
  const { t } = useTranslation();
  // Spec §2 and §9: each part shows when the window is wider than its breakpoint.
  const desktop = useMinWidth(BREAKPOINTS.desktopBar + 1);
  const trendingToggle = useMinWidth(BREAKPOINTS.trendingToggle + 1);
  const calendarToggle = useMinWidth(BREAKPOINTS.calendarToggle + 1);

  return (
    <>
      <div aria-hidden className="h-9 shrink-0" />
      <section
          aria-label={t('bar.label')}
          className="fixed inset-x-0 bottom-0 z-20 flex h-9 items-center gap-2 border-t border-line bg-panel px-2 sm:px-3"
        >
          {desktop ? (
            <>
              {showTrending && trendingToggle && <TrendingToggle />}
              {calendarToggle && <CalendarToggle />}
              {/* The sweep controls and the break-even price (next issue) take the room between here and the
                  marketplaces; the gas presets go between the marketplaces and the prices. */}
              <div className="flex-1" />
              <MarketplaceToggles full={false} />
              <div className="h-4 w-px bg-line" aria-hidden />
            </>
          ) : (
            <>
              <MoreMenu showTrending={showTrending} />
              {/* The sweep popover (next issue) goes here. */}
              <div className="flex-1" />
            </>
          )}
          <PriceTicker />
      </section>
    </>
  );
}

/** The collapsed bar's menu (panel 'mobileMenu'): the panels and the marketplace switches. */
function MoreMenu({ showTrending }: MarketBarProps) {
  const { t } = useTranslation();
  const open = usePanelOpen('mobileMenu');
  return (
    <Popover.Root open={open} onOpenChange={(next) => setPanelOpen('mobileMenu', next)}>
      <Popover.Trigger className="icon-button size-7" aria-label={t('bar.more')}>
        <Ellipsis size={16} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={8}
          collisionPadding={8}
          className="z-40 flex w-[min(320px,calc(100vw-16px))] flex-col gap-2 rounded-md border border-line bg-panel p-2 shadow-2xl"
        >
          <div className="flex flex-wrap gap-1">
            {showTrending && <TrendingToggle />}
            <CalendarToggle />
          </div>
          <div className="h-px bg-line" aria-hidden />
          <p className="text-[11px] text-faint">{t('bar.marketplaces')}</p>
          <MarketplaceToggles full />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
