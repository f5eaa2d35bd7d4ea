import { useTranslation } from 'react-i18next';
import { useSession } from '../../../stores/session-store';
import { requireLogin } from '../../../stores/login-prompt-store';
import { skipStore, useSkipPendingFlagged } from '../skip-store';

/**
 * 'SKIP PENDING AND FLAGGED', remembered per wallet. Where the bar is short of room its label shortens,
 * or only the checkbox shows (the full text is its name and tooltip either way).
 */
export function SkipCheckbox({ label = 'full' }: { label?: 'full' | 'short' | 'none' }) {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const skip = useSkipPendingFlagged();
  return (
    <label
      title={label === 'full' ? undefined : t('sweep.skip')}
      className="flex shrink-0 cursor-pointer items-center gap-1.5 text-[11px] font-semibold whitespace-nowrap text-muted hover:text-fg"
    >
      <input
        type="checkbox"
        checked={skip}
        aria-label={t('sweep.skip')}
        data-testid="sweep-skip"
        onChange={(event) => {
          if (requireLogin() && token) skipStore.getState().set(token, event.target.checked);
        }}
        className="size-3.5 cursor-pointer accent-[var(--accent)]"
      />
      {label !== 'none' && <span aria-hidden>{label === 'short' ? t('sweep.skip_short') : t('sweep.skip')}</span>}
    </label>
  );
}
