import type { RarityToken } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { RankBadge } from '../../../components/ui/rank-badge';
import { TokenCell } from '../../../components/ui/token-cell';
import { formatEth, longAddress, NO_VALUE } from '../../../lib/format';
import { useRarityTexts } from '../../../lib/rarity-texts';
import { tokenTier } from '../token-tier';

type RarityTokenTableProps = {
  tokens: readonly RarityToken[];
  selected: string | null;
  onSelect: (tokenId: string) => void;
};

/** Tokens by rank: tier, picture, traits, the price a buyer pays now; a row opens the token's details. */
export function RarityTokenTable({ tokens, selected, onSelect }: RarityTokenTableProps) {
  const { t } = useRarityTexts();
  const cell = 'px-2 py-1.5 first:pl-3 last:pr-3';
  return (
    <table className="w-full table-fixed">
      <thead className="text-left text-[11px] text-faint">
        <tr className="border-b border-line">
          <th className={clsx(cell, 'w-28 font-medium sm:w-36')}>{t('rarity_views.rank')}</th>
          <th className={clsx(cell, 'w-32 font-medium')}>{t('rarity_views.token')}</th>
          <th className={clsx(cell, 'hidden font-medium md:table-cell')}>{t('rarity_views.traits')}</th>
          <th className={clsx(cell, 'hidden w-32 font-medium xl:table-cell')}>{t('rarity_views.owner')}</th>
          <th className={clsx(cell, 'w-24 text-right font-medium')}>{t('rarity_views.price')}</th>
        </tr>
      </thead>
      <tbody>
        {tokens.map((token) => (
          <tr
            key={token.token_id}
            data-testid="rarity-token"
            aria-selected={token.token_id === selected}
            onClick={() => onSelect(token.token_id)}
            className={clsx(
              'cursor-pointer border-b border-line/50',
              token.token_id === selected ? 'bg-accent/10' : 'hover:bg-raised',
            )}
          >
            <td className={cell}>
              <RankBadge rank={token.rank} tier={tokenTier(token.flag)} />
            </td>
            <td className={clsx(cell, 'min-w-0')}>
              <button
                type="button"
                className="flex w-full min-w-0 text-left"
                onClick={(event) => {
                  event.stopPropagation();
                  onSelect(token.token_id);
                }}
              >
                <TokenCell img={token.img} tokenId={token.token_id} />
              </button>
            </td>
            <td className={clsx(cell, 'hidden min-w-0 md:table-cell')}>
              <span data-testid="token-traits" className="line-clamp-2 text-[12px] text-muted">
                {token.traits.map((trait, index) => (
                  <span key={`${trait.type}\u001f${trait.value}`}>
                    {index > 0 && <span className="text-faint"> · </span>}
                    <span className="text-faint">{trait.type}:</span> <span className="text-fg">{trait.value}</span>
                  </span>
                ))}
              </span>
            </td>
            <td className={clsx(cell, 'hidden truncate font-mono text-[12px] text-muted xl:table-cell')}>
              {token.owner ? <span title={token.owner}>{token.owner_ens ?? longAddress(token.owner)}</span> : NO_VALUE}
            </td>
            <td className={clsx(cell, 'truncate text-right font-mono')}>
              {token.price === null ? (
                <span className="text-faint">{NO_VALUE}</span>
              ) : (
                <span className="text-fg">{formatEth(token.price)}</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
