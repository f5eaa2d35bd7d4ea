import { type AlertProblemStatus, parseLang, statusMessages } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The protocol's message of a problem in the interface language (the same words the server answers with). */
export function useProblemText(): (status: AlertProblemStatus | undefined) => string | undefined {
  const { i18n } = useTranslation();
  const lang = parseLang(i18n.language);
  return (status) => (status === undefined ? undefined : statusMessages[status][lang]);
}

export const inputClass =
  'h-8 w-full min-w-0 rounded-md border border-line bg-canvas px-2 text-fg outline-none placeholder:text-faint focus:border-accent/60 aria-[invalid=true]:border-danger disabled:opacity-60';

/** A field's problem, read out when it appears. */
export function Problem({ id, text }: { id?: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-[12px] leading-snug text-danger">
      {text}
    </p>
  );
}

/** What a field's control needs to be labelled and described. */
export type ControlProps = { id: string; 'aria-describedby'?: string; 'aria-invalid': boolean };

type FieldProps = {
  label: string;
  hint?: ReactNode;
  problem?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
};

/** A label, its control, a hint and the problem under it. */
export function Field({ label, hint, problem, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  const describedBy = [hint ? hintId : null, problem ? problemId : null].filter(Boolean).join(' ');
  return (
    <div className={clsx('min-w-0', className)}>
      <label htmlFor={id} className="mb-1 block text-[12px] font-medium text-muted">
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy || undefined, 'aria-invalid': problem !== undefined })}
      {hint && (
        <p id={hintId} className="mt-1 text-[11px] leading-snug text-faint">
          {hint}
        </p>
      )}
      <Problem id={problemId} text={problem} />
    </div>
  );
}

type TextFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  problem?: string;
  placeholder?: string;
  /** Digits only on a phone's keyboard, for counts and minutes. */
  numeric?: boolean;
  mono?: boolean;
  className?: string;
  maxLength?: number;
};

export function TextField({
  label,
  value,
  onChange,
  hint,
  problem,
  placeholder,
  numeric,
  mono,
  className,
  maxLength,
}: TextFieldProps) {
  return (
    <Field label={label} hint={hint} problem={problem} className={className}>
      {(control) => (
        <input
          {...control}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          inputMode={numeric ? 'numeric' : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={maxLength}
          className={clsx(inputClass, (mono || numeric) && 'font-mono text-[12px]')}
        />
      )}
    </Field>
  );
}
