import { clsx } from 'clsx';
import { Star } from 'lucide-react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { requireLogin } from '../../../stores/login-prompt-store';
import { useFollow, useUnfollow } from '../api/follow';
import { useFollowed } from '../use-followed';

/** The star that follows or unfollows a collection; visitors get the sign-in prompt instead. */
export function FollowButton({ address, className }: { address: string; className?: string }) {
  const { t } = useTranslation();
  const followed = useFollowed(address);
  const followMutation = useFollow();
  const unfollowMutation = useUnfollow();
  const pending = followMutation.isPending || unfollowMutation.isPending;

  function onClick(event: MouseEvent) {
    // The star sits inside links and list rows, which must not open.
    event.preventDefault();
    event.stopPropagation();
    if (pending || !requireLogin()) return;
    (followed ? unfollowMutation : followMutation).mutate(address);
  }

  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={followed}
      aria-label={t('watchlist.follow')}
      aria-disabled={pending}
      title={t(followed ? 'watchlist.remove' : 'watchlist.add')}
      className={clsx(
        'grid size-7 shrink-0 place-items-center rounded-md transition-colors hover:bg-raised',
        followed ? 'text-warn' : 'text-faint hover:text-fg',
        pending && 'cursor-wait opacity-50',
        className,
      )}
    >
      <Star size={14} className={clsx(followed && 'fill-current')} aria-hidden />
    </button>
  );
}
