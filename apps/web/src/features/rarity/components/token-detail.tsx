import type { RarityTokensData } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { Loading } from '../../../components/ui/load-state';
import { RankBadge } from '../../../components/ui/rank-badge';
import { useWallets } from '../../../lib/api/wallets';
import { formatEth, formatPercent, longAddress } from '../../../lib/format';
import { useRarityTexts } from '../../../lib/rarity-texts';
import { useSellEntryTexts } from '../../../lib/sell-entry-texts';
import { openSellDialog } from '../../../stores/sell-dialog-store';
import { tokenTier } from '../token-tier';
import { RefreshMetadataButton } from './refresh-metadata-button';

type TokenDetailProps = {
  address: string;
  tokenId: string;
  /** Undefined while it is being read; null when the collection has no such token. */
  token: RarityTokensData['selected'] | undefined;
  onClose: () => void;
};

const scoreFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

/** One token in full: rank, tier, score, price, owner, and each trait with the share of tokens that have it. */
export function TokenDetail({ address, tokenId, token, onClose }: TokenDetailProps) {
  const { t } = useRarityTexts();
  const { t: sellText } = useSellEntryTexts();
  const wallets = useWallets();
  // The owner is one of the trader's own wallets: the token can be listed from here.
  const owner = token?.owner?.toLowerCase();
  const own = owner !== undefined && (wallets.data?.list.some((item) => item.address.toLowerCase() === owner) ?? false);
  return (
    <section
      aria-label={t('rarity_views.detail_title', { token: tokenId })}
      data-testid="token-detail"
      className="rounded-md border border-accent/40 bg-panel"
    >
      <header className="flex items-center gap-2 border-b border-line px-3 py-2">
        <h2 className="min-w-0 flex-1 truncate font-semibold">{t('rarity_views.detail_title', { token: tokenId })}</h2>
        {own && (
          <button
            type="button"
            data-testid="token-list"
            aria-label={sellText('sell_entry.list_token', { token: tokenId })}
            onClick={() => openSellDialog([{ collection: address, token_id: tokenId }])}
            className={clsx(
              'h-6 rounded border border-accent/50 px-2',
              'text-[11px] font-semibold text-accent hover:bg-accent/10',
            )}
          >
            {sellText('sell_entry.list')}
          </button>
        )}
        <button type="button" className="icon-button size-6" aria-label={t('rarity_views.close')} onClick={onClose}>
          <X size={14} aria-hidden />
        </button>
      </header>
      {token === undefined ? (
        <Loading className="p-3" />
      ) : token === null ? (
        <p className="p-3 text-faint">{t('rarity_views.token_missing', { token: tokenId })}</p>
      ) : (
        <div className="flex flex-col gap-3 p-3 sm:flex-row">
          {token.img ? (
            <img src={token.img} alt="" className="size-32 shrink-0 rounded bg-raised object-cover" />
          ) : (
            <span className="size-32 shrink-0 rounded bg-raised" aria-hidden />
          )}
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-[12px]">
              <dt className="text-faint">{t('rarity_views.rank')}</dt>
              <dd>
                <RankBadge rank={token.rank} tier={tokenTier(token.flag)} />
              </dd>
              <dt className="text-faint">{t('rarity_views.score')}</dt>
              <dd className="font-mono">{token.score === null ? '—' : scoreFormat.format(token.score)}</dd>
              <dt className="text-faint">{t('rarity_views.price')}</dt>
              <dd className="font-mono">
                {token.price === null ? t('rarity_views.not_listed') : `${formatEth(token.price)} ETH`}
              </dd>
              {token.owner && (
                <>
                  <dt className="text-faint">{t('rarity_views.owner')}</dt>
                  <dd className="truncate font-mono" title={token.owner}>
                    {token.owner_ens ?? longAddress(token.owner)}
                  </dd>
                </>
              )}
            </dl>
            <table className="w-full table-fixed text-[12px]">
              <thead className="text-left text-[11px] text-faint">
                <tr className="border-b border-line">
                  <th className="py-1 font-medium">{t('rarity_views.traits')}</th>
                  <th className="w-24 py-1 text-right font-medium">{t('rarity_views.share')}</th>
                </tr>
              </thead>
              <tbody>
                {token.traits.map((trait) => (
                  <tr key={`${trait.type}\u001f${trait.value}`} className="border-b border-line/50">
                    <td className="min-w-0 py-1">
                      <span className="block truncate">
                        <span className="text-faint">{trait.type}:</span> {trait.value}
                        {trait.kind !== 'string' && (
                          <span className="ml-1 text-[11px] text-faint">({t('rarity_views.shown_only')})</span>
                        )}
                      </span>
                    </td>
                    <td className="py-1 text-right font-mono text-muted">{formatPercent(trait.percent)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div>
              <RefreshMetadataButton address={address} tokenId={tokenId} />
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
