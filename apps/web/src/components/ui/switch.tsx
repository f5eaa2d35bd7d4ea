import { clsx } from 'clsx';

type SwitchProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The visible label, which is also the switch's accessible name. */
  label: string;
  disabled?: boolean;
  className?: string;
};

/** An on/off switch (role switch): a track and knob, then its label. */
export function Switch({ checked, onChange, label, disabled, className }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={clsx(
        'inline-flex min-h-7 items-center gap-2 rounded-md text-left text-fg disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
    >
      <span
        aria-hidden
        className={clsx(
          'relative h-4 w-7 shrink-0 rounded-full border transition-colors',
          checked ? 'border-accent bg-accent' : 'border-line bg-raised',
        )}
      >
        <span
          className={clsx(
            'absolute top-0.5 left-0.5 size-2.5 rounded-full transition-transform',
            checked ? 'translate-x-3 bg-accent-fg' : 'bg-faint',
          )}
        />
      </span>
      <span>{label}</span>
    </button>
  );
}
