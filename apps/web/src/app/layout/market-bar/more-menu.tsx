import { Ellipsis } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { GasPresets } from '../../../features/gas/components/gas-presets';
import { BarPopover } from '../../../components/ui/bar-popover';
import { MarketplaceToggles } from './marketplace-toggles';
import { CalendarToggle, TrendingToggle } from './panel-toggles';

/** The collapsed bar's menu (panel 'mobileMenu'): the panels, the marketplace switches and the gas presets. */
export function MoreMenu({ showTrending }: { showTrending: boolean }) {
  const { t } = useTranslation();
  return (
    <BarPopover
      panel="mobileMenu"
      trigger={
        <button type="button" className="icon-button size-7" aria-label={t('bar.more')}>
          <Ellipsis size={16} />
        </button>
      }
    >
      <div className="flex flex-wrap gap-1">
        {showTrending && <TrendingToggle />}
        <CalendarToggle />
      </div>
      <div className="h-px bg-line" aria-hidden />
      <p className="text-[11px] text-faint">{t('bar.marketplaces')}</p>
      <MarketplaceToggles full />
      <div className="h-px bg-line" aria-hidden />
      <p className="text-[11px] text-faint">{t('gas.presets')}</p>
      <GasPresets labels="names" />
    </BarPopover>
  );
}
