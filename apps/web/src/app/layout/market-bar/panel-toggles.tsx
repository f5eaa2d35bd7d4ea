import { clsx } from 'clsx';
import { CalendarDays, Flame } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { setPanelOpen, usePanelOpen } from '../../../stores/panels-store';
import { requireLogin } from '../../../stores/login-prompt-store';

/** `compact` shows the icon alone, where the bar is short of room; the label stays its name and tooltip. */
type CompactProps = { compact?: boolean };
type ToggleProps = CompactProps & { pressed: boolean; onClick: () => void; icon: ReactNode; label: string };

function Toggle({ pressed, onClick, icon, label, compact = false }: ToggleProps) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      title={compact ? label : undefined}
      className={clsx(
        'flex h-7 shrink-0 items-center gap-1.5 rounded-md px-2 font-medium transition-colors',
        pressed ? 'bg-accent/15 text-accent' : 'text-muted hover:bg-raised hover:text-fg',
      )}
    >
      {icon}
      <span className={clsx(compact && 'sr-only')}>{label}</span>
    </button>
  );
}

/** Opens and closes the trending panel; visitors get the sign-in prompt. */
export function TrendingToggle({ compact }: CompactProps) {
  const { t } = useTranslation();
  const open = usePanelOpen('trending');
  return (
    <Toggle
      pressed={open}
      onClick={() => setPanelOpen('trending', !open && requireLogin())}
      icon={<Flame size={14} aria-hidden />}
      label={t('bar.trending')}
      compact={compact}
    />
  );
}

export function CalendarToggle({ compact }: CompactProps) {
  const { t } = useTranslation();
  const open = usePanelOpen('calendar');
  return (
    <Toggle
      pressed={open}
      onClick={() => setPanelOpen('calendar', !open)}
      icon={<CalendarDays size={14} aria-hidden />}
      label={t('bar.calendar')}
      compact={compact}
    />
  );
}
