import { ALERT_LIMITS, TRENDING_WINDOWS } from '@floordesk/protocol';
import { LoaderCircle, TriangleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../../components/ui/switch';
import { ApiError } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format';
import { type AlertDraft, draftProblems, inputOf, type ProblemsByField } from '../alert-draft';
import { successText, useSaveAlert } from '../api';
import { ACTION_DEBOUNCE_MS } from '../constants';
import { useActionGate } from '../use-action-gate';
import { CollectionField } from './collection-field';
import { Field, inputClass, TextField, useProblemText } from './form-fields';
import { PricesField, WalletsField } from './row-fields';

const NO_PROBLEMS: ProblemsByField = new Map();
const nowSeconds = () => Math.floor(Date.now() / 1000);

type Range = { min: number; max: number };

type AlertFormProps = {
  initial: AlertDraft;
  /** The user has no chat id yet: the form says alerts cannot reach them until the chat bot is set up. */
  chatMissing: boolean;
  onSetUpChat: () => void;
  /** Saved: the server's words for it. */
  onSaved: (message: string) => void;
  onBack: () => void;
};

/**
 * The form of one alert type, new or editing a saved alert. Problems are the protocol's (the server's own check):
 * they show under their fields once Save was pressed, then follow the typing.
 */
export function AlertForm({ initial, chatMissing, onSetUpChat, onSaved, onBack }: AlertFormProps) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const [draft, setDraft] = useState(initial);
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const save = useSaveAlert();
  const gate = useActionGate(ACTION_DEBOUNCE_MS);
  const problems = tried ? draftProblems(draft, nowSeconds()) : NO_PROBLEMS;
  const problem = (field: string) => problemText(problems.get(field));
  const edit = (change: Partial<AlertDraft>) => setDraft((current) => ({ ...current, ...change }));
  const range = ({ min, max }: Range) => t('alerts.form.range', { min: formatCount(min), max: formatCount(max) });

  // After a refused save, the first field with a problem takes the focus, so its message is read out in context.
  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (draftProblems(draft, nowSeconds()).size > 0) {
      setFocusRequest((count) => count + 1);
      return;
    }
    if (save.isPending || !gate.pass()) return;
    setFailure(null);
    save.mutate(inputOf(draft), {
      onSuccess: ({ msg }) => onSaved(successText(msg, t('alerts.form.saved'))),
      // Refusals with a status were already shown by the API client; an HTTP refusal (a malformed body) was not.
      onError: (error) => setFailure(error instanceof ApiError && error.kind === 'http' ? error.message : null),
    });
  };

  const type = draft.type;
  const windowed = type === 101 || type === 102 || type === 103 || type === 302 || type === 303;
  const thresholded = type === 101 || type === 102 || type === 103 || type === 302;
  const withCollection = type === 301 || type === 302 || type === 303;

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="@container flex min-h-full flex-col"
      aria-labelledby={headingId}
      data-testid={`alert-form-${type}`}
    >
      <header className="mb-3">
        <h3 id={headingId} className="flex items-center gap-2 text-[14px] font-semibold text-fg">
          {t(`alerts.type.${type}`)}
          <span className="rounded-sm bg-raised px-1.5 text-[10px] font-semibold tracking-wide text-muted uppercase">
            {draft.id === null ? t('alerts.form.new') : t('alerts.form.edit')}
          </span>
        </h3>
        <p className="mt-0.5 text-[12px] leading-snug text-muted">{t(`alerts.about.${type}`)}</p>
      </header>

      {chatMissing && (
        <div className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-md border border-warn/40 bg-warn/10 px-3 py-2 text-[12px]">
          <TriangleAlert size={14} className="shrink-0 text-warn" aria-hidden />
          <span className="min-w-[13rem] flex-1 text-fg">{t('alerts.form.chat_missing')}</span>
          <button type="button" className="button-secondary h-6 px-2 text-[12px]" onClick={onSetUpChat}>
            {t('alerts.menu.create')}
          </button>
        </div>
      )}

      <div className="grid grid-cols-1 gap-x-4 gap-y-3 @md:grid-cols-2">
        <TextField
          label={t('alerts.form.title')}
          value={draft.title}
          onChange={(title) => edit({ title })}
          problem={problem('title')}
          placeholder={t('alerts.form.title_placeholder')}
          maxLength={ALERT_LIMITS.titleMax}
          className="@md:col-span-2"
        />

        {withCollection && (
          <CollectionField
            address={draft.address}
            collection={draft.collection}
            problem={problem('address')}
            onChange={(change) => edit(change)}
          />
        )}

        {windowed && (
          <IntervalField
            value={draft.interval}
            onChange={(interval) => edit({ interval })}
            problem={problem('interval')}
          />
        )}
        {thresholded && (
          <TextField
            label={t(`alerts.form.threshold.${type as 101 | 102 | 103 | 302}`)}
            value={draft.threshold}
            onChange={(threshold) => edit({ threshold })}
            hint={range(ALERT_LIMITS.threshold)}
            problem={problem('threshold')}
            numeric
          />
        )}
        {type === 303 && (
          <>
            <TextField
              label={t('alerts.form.owned_count')}
              value={draft.owned_count}
              onChange={(owned_count) => edit({ owned_count })}
              hint={t('alerts.form.owned_count_hint', { range: range(ALERT_LIMITS.ownedCount) })}
              problem={problem('owned_count')}
              numeric
            />
            <TextField
              label={t('alerts.form.listing_count')}
              value={draft.listing_count}
              onChange={(listing_count) => edit({ listing_count })}
              hint={t('alerts.form.listing_count_hint', { range: range(ALERT_LIMITS.listingCount) })}
              problem={problem('listing_count')}
              numeric
            />
          </>
        )}
        {(type === 101 || type === 102 || type === 103) && (
          <div className="flex items-end @md:col-span-2">
            <Switch
              checked={draft.watchlist_only}
              onChange={(watchlist_only) => edit({ watchlist_only })}
              label={t('alerts.form.watchlist_only')}
            />
          </div>
        )}

        {type === 301 && (
          <PricesField prices={draft.prices} problems={problems} onChange={(prices) => edit({ prices })} />
        )}
        {(type === 201 || type === 202) && (
          <WalletsField wallets={draft.wallets} problems={problems} onChange={(wallets) => edit({ wallets })} />
        )}

        {type === 401 && (
          <>
            <Field
              label={t('alerts.form.event_time')}
              hint={t('alerts.form.event_time_hint', { zone: localZone() })}
              problem={problem('custom_time_value')}
            >
              {(control) => (
                <input
                  {...control}
                  type="datetime-local"
                  value={draft.event_time}
                  onChange={(event) => edit({ event_time: event.target.value })}
                  className={`${inputClass} font-mono text-[12px]`}
                />
              )}
            </Field>
            <TextField
              label={t('alerts.form.lead_minutes')}
              value={draft.lead_minutes}
              onChange={(lead_minutes) => edit({ lead_minutes })}
              hint={t('alerts.form.lead_minutes_hint', { range: range(ALERT_LIMITS.leadMinutes) })}
              problem={problem('lead_minutes')}
              numeric
            />
          </>
        )}

        <TextField
          label={t('alerts.form.dm_limit')}
          value={draft.dm_limit}
          onChange={(dm_limit) => edit({ dm_limit })}
          hint={t('alerts.form.dm_limit_hint', { range: range(ALERT_LIMITS.dmPerHour) })}
          problem={problem('dm_limit')}
          numeric
        />
        <div className="flex items-center @md:pt-5">
          <Switch checked={draft.enabled} onChange={(enabled) => edit({ enabled })} label={t('alerts.form.enabled')} />
        </div>
      </div>

      <div className="sticky bottom-0 mt-auto flex flex-wrap items-center justify-end gap-2 border-t border-line bg-panel pt-3 pb-0.5">
        {failure && (
          <p role="alert" className="mr-auto text-[12px] text-danger">
            {failure}
          </p>
        )}
        <button type="button" className="button-secondary" onClick={onBack}>
          {t('alerts.form.back')}
        </button>
        <button type="submit" className="button-primary min-w-20" aria-busy={save.isPending}>
          {save.isPending && <LoaderCircle size={12} className="mr-1 animate-spin" aria-hidden />}
          {t('alerts.form.save')}
        </button>
      </div>
    </form>
  );
}

/** The browser's offset from UTC, e.g. "UTC+08:00": the event's time is entered and shown in it. */
function localZone(): string {
  const offset = -new Date().getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `UTC${sign}${hours}:${minutes}`;
}

type IntervalFieldProps = { value: string; onChange: (value: string) => void; problem: string | undefined };

/** The interval in minutes: the trending windows, plus a saved value that is none of them. */
function IntervalField({ value, onChange, problem }: IntervalFieldProps) {
  const { t } = useTranslation();
  const options: string[] = TRENDING_WINDOWS.map(String);
  if (value !== '' && !options.includes(value)) options.push(value);
  const labelOf = (minutes: string) =>
    (TRENDING_WINDOWS as readonly number[]).includes(Number(minutes))
      ? t(`market.window_long.${minutes as `${(typeof TRENDING_WINDOWS)[number]}`}`)
      : t('alerts.form.minutes', { count: Number(minutes) });
  return (
    <Field label={t('alerts.form.interval')} problem={problem}>
      {(control) => (
        <select {...control} value={value} onChange={(event) => onChange(event.target.value)} className={inputClass}>
          {value === '' && <option value="">—</option>}
          {options.map((minutes) => (
            <option key={minutes} value={minutes}>
              {labelOf(minutes)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
