import * as Popover from '@radix-ui/react-popover';
import { Ellipsis } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { setPanelOpen, usePanelOpen } from '../../../app/layout/panels-store';
import { MarketplaceToggles } from './marketplace-toggles';
import { CalendarToggle, TrendingToggle } from './panel-toggles';

/** The collapsed bar's menu (panel 'mobileMenu'): the panels and the marketplace switches. */
export function MoreMenu({ showTrending }: { showTrending: boolean }) {
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
