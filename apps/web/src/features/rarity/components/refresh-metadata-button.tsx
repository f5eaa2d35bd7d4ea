import { RefreshCw } from 'lucide-react';
import { useRarityTexts } from '../../../lib/rarity-texts';
import { requireLogin } from '../../../stores/login-prompt-store';
import { useSession } from '../../../stores/session-store';
import { useRefreshMetadata } from '../api/refresh-metadata';

type RefreshMetadataButtonProps = { address: string; tokenId?: string };

/** Refreshes a token's metadata, or the whole collection's without `tokenId`; a visitor is asked to sign in. */
export function RefreshMetadataButton({ address, tokenId }: RefreshMetadataButtonProps) {
  const { t } = useRarityTexts();
  const signedIn = useSession((state) => state.token !== null);
  const refresh = useRefreshMetadata();
  const label = t(tokenId === undefined ? 'rarity_views.refresh_collection' : 'rarity_views.refresh_token');
  if (!signedIn) {
    return (
      <span className="flex flex-wrap items-center gap-2 text-[12px] text-faint">
        {t('rarity_views.refresh_sign_in')}
        <button type="button" className="button-secondary" onClick={() => void requireLogin()}>
          {t('rarity_views.sign_in')}
        </button>
      </span>
    );
  }
  return (
    <button
      type="button"
      className="button-secondary gap-1.5"
      disabled={refresh.isPending}
      onClick={() => refresh.mutate(tokenId === undefined ? { address } : { address, token_id: tokenId })}
    >
      <RefreshCw size={12} className={refresh.isPending ? 'animate-spin' : undefined} aria-hidden />
      {label}
    </button>
  );
}
