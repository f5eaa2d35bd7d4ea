import { SELL_BATCH_MAX } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CollectionImage } from '../../../components/ui/collection-image';
import { CopyButton } from '../../../components/ui/copy-button';
import { shortAddress } from '../../../lib/format';
import { FollowButton } from '../../../components/slots';
import type { Collection } from '../../../lib/api/collection';
import { useSellEntryTexts } from '../../../lib/sell-entry-texts';
import { openSellDialog } from '../../../stores/sell-dialog-store';
import { useSession } from '../../../stores/session-store';
import { useOwnTokens } from '../use-own-tokens';

type CollectionHeaderProps = { collection: Collection; dense: boolean };

/** Who the collection is: picture, name, verified mark, '1155' tag, address and the follow star. */
export function CollectionHeader({ collection, dense }: CollectionHeaderProps) {
  const { t } = useTranslation();
  const { address, img, name, verified, type } = collection;
  const imageSize = dense ? 'size-8' : 'size-11';
  return (
    <div className="flex min-w-0 items-center gap-3">
      <CollectionImage src={img} name={name} className={clsx(imageSize, 'rounded-md')} />
      <div className="min-w-0 flex-1">
        <h1
          className={clsx(
            'flex min-w-0 items-center gap-1.5 font-semibold text-fg',
            dense ? 'text-[14px]' : 'text-[16px]',
          )}
        >
          <span className="truncate">{name ?? shortAddress(address)}</span>
          {verified && (
            <span title={t('collection.verified')} className="shrink-0 text-accent">
              <BadgeCheck size={15} aria-hidden />
              <span className="sr-only">{t('collection.verified')}</span>
            </span>
          )}
          {type === '1155' && (
            <span className="shrink-0 rounded-sm border border-line px-1 text-[10px] leading-4 font-semibold text-muted">
              1155
            </span>
          )}
        </h1>
        <p className="flex items-center gap-0.5 font-mono text-[12px] text-muted">
          <span title={address}>{shortAddress(address)}</span>
          <CopyButton
            value={address}
            label={t('collection.copy_address')}
            copiedLabel={t('collection.copied')}
            failedLabel={t('collection.copy_failed')}
          />
        </p>
      </div>
      <ListYours address={address} />
      <FollowButton address={address} className="size-8" />
    </div>
  );
}

/**
 * "List yours": the trader's tokens of this collection in the List dialog (the first SELL_BATCH_MAX; the dialog
 * drops any). Without premium it opens on none, and the dialog offers the plans.
 */
function ListYours({ address }: { address: string }) {
  const { t } = useSellEntryTexts();
  const signedIn = useSession((state) => state.token !== null);
  const premium = useSession((state) => state.premium);
  const own = useOwnTokens(address);
  if (!signedIn || (premium && !own?.length)) return null;
  return (
    <button
      type="button"
      data-testid="list-yours"
      onClick={() => openSellDialog(own?.slice(0, SELL_BATCH_MAX) ?? [])}
      className={clsx(
        'h-7 shrink-0 rounded-md border border-accent/50 px-2',
        'text-[12px] font-semibold whitespace-nowrap text-accent hover:bg-accent/10',
      )}
    >
      {own?.length ? t('sell_entry.list_yours_count', { count: own.length }) : t('sell_entry.list_yours')}
    </button>
  );
}
