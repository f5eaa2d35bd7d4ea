import { type Marketplace, MARKETPLACES } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { marketplaceStore, useMarketplaces } from '../../../stores/marketplace-store';
import { Hint } from '../../../components/ui/hint';

/** The traders' shorthand for each marketplace, the same in every language. */
const SHORT_NAMES: Record<Marketplace, string> = {
  opensea: 'OS',
  x2y2: 'X2',
  looks: 'LR',
  blur: 'BL',
  soduswap: 'SD',
};

/**
 * The five marketplace switches: pressed shows that marketplace's listings. The bar shows short names
 * with tooltips; the mobile menu, which has no hover, full names.
 */
export function MarketplaceToggles({ full }: { full: boolean }) {
  const { t } = useTranslation();
  const enabled = useMarketplaces((state) => state.enabled);

  return (
    <fieldset aria-label={t('bar.marketplaces')} className={clsx('flex min-w-0', full ? 'flex-wrap gap-1.5' : 'gap-1')}>
      {MARKETPLACES.map((marketplace) => {
        const name = t(`market.marketplace.${marketplace}`);
        const shown = enabled.has(marketplace);
        const button = (
          <button
            key={marketplace}
            type="button"
            aria-pressed={shown}
            aria-label={name}
            onClick={() => marketplaceStore.getState().toggle(marketplace)}
            className={clsx(
              'h-6 rounded border px-1.5 text-[11px] font-semibold transition-colors',
              shown
                ? 'border-accent/50 bg-accent/10 text-accent'
                : 'border-line text-faint line-through hover:text-muted',
            )}
          >
            {full ? name : SHORT_NAMES[marketplace]}
          </button>
        );
        return full ? (
          button
        ) : (
          <Hint key={marketplace} text={t(shown ? 'bar.hide_marketplace' : 'bar.show_marketplace', { name })}>
            {button}
          </Hint>
        );
      })}
    </fieldset>
  );
}
