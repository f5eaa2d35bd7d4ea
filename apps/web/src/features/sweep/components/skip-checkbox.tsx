import { useTranslation } from 'react-i18next';
import { useSession } from '../../../stores/session-store';
import { requireLogin } from '../../auth/login-prompt';
import { skipStore, useSkipPendingFlagged } from '../skip-store';

/** 'SKIP PENDING AND FLAGGED' (spec §5), remembered per wallet; `short` where the bar is short of room. */
export function SkipCheckbox({ short = false }: { short?: boolean }) {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const skip = useSkipPendingFlagged();
  return (
    <label className="flex shrink-0 cursor-pointer items-center gap-1.5 text-[11px] font-semibold whitespace-nowrap text-muted hover:text-fg">
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
      <span aria-hidden title={short ? t('sweep.skip') : undefined}>
        {short ? t('sweep.skip_short') : t('sweep.skip')}
      </span>
    </label>
  );
}
