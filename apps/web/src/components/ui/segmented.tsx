import { clsx } from 'clsx';

type SegmentedProps<T extends string | number> = {
  /** What the buttons choose, for screen readers. */
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  labelOf: (option: T) => string;
  className?: string;
};

/** A row of buttons of which one is chosen: time windows and chart ranges. */
export function Segmented<T extends string | number>({
  label,
  options,
  value,
  onChange,
  labelOf,
  className,
}: SegmentedProps<T>) {
  return (
    <fieldset className={clsx('flex min-w-0 flex-wrap gap-0.5', className)}>
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === value}
          onClick={() => onChange(option)}
          className={clsx(
            'h-6 min-w-7 rounded px-1.5 text-[11px] font-medium whitespace-nowrap transition-colors',
            option === value ? 'bg-accent/15 text-accent' : 'text-muted hover:bg-raised hover:text-fg',
          )}
        >
          {labelOf(option)}
        </button>
      ))}
    </fieldset>
  );
}
