import type { TrialCodesData } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { useTrialTexts } from '../../../lib/trial-texts';
import { useRedeemTrialCode } from '../api';

const DATE_TIME = 'YYYY-MM-DD HH:mm';

type StandingProps = { title: string; detail: string; expired?: boolean; plans?: boolean };

/** Where the caller's trial stands; `expired` in the warning colour, with the way to the plans when `plans`. */
function Standing({ title, detail, expired = false, plans = false }: StandingProps) {
  const { t } = useTrialTexts();
  return (
    <output
      className={clsx(
        'block rounded-md border border-l-2 border-line bg-panel p-3',
        expired ? 'border-l-warn' : 'border-l-accent',
      )}
    >
      <span className="block font-semibold">{title}</span>
      <span className="mt-1 block text-muted">{detail}</span>
      {plans && (
        <Link to="/plans" className="mt-2 inline-block font-semibold text-accent hover:underline">
          {t('trial.plans')}
        </Link>
      )}
    </output>
  );
}

/**
 * A non-member's side: a form to redeem a code, or their trial once they have one (running, or expired with the
 * way to the plans).
 */
export function RedeemTrial({ trial }: { trial: TrialCodesData['trial'] }) {
  const { t } = useTrialTexts();
  const redeem = useRedeemTrialCode();
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);
  const [redeemedUntil, setRedeemedUntil] = useState<number | null>(null);

  if (redeemedUntil !== null) {
    return (
      <Standing
        title={t('trial.redeemed', { date: formatDate(redeemedUntil, DATE_TIME) })}
        detail={t('trial.redeemed_detail')}
      />
    );
  }
  if (trial?.ended) {
    return <Standing expired title={t('trial.expired')} detail={t('trial.expired_detail')} plans />;
  }
  if (trial) {
    return (
      <Standing
        title={t('trial.running', { date: formatDate(trial.ends_at, DATE_TIME) })}
        detail={t('trial.running_detail')}
        plans
      />
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = text.trim().toUpperCase();
    if (code === '') {
      setEmpty(true);
      return;
    }
    redeem.mutate(code, { onSuccess: ({ ends_at }) => setRedeemedUntil(ends_at) });
  };
  const error = empty
    ? t('trial.empty')
    : redeem.error
      ? redeem.error instanceof ApiError
        ? redeem.error.message
        : t('trial.redeem_failed')
      : null;

  return (
    <section>
      <h2 className="border-b border-line pb-2 font-semibold">{t('trial.redeem_title')}</h2>
      <p className="mt-2 text-[12px] text-muted">{t('trial.redeem_hint')}</p>
      <form onSubmit={submit} className="mt-3 flex gap-2" noValidate>
        <input
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setEmpty(false);
            redeem.reset();
          }}
          placeholder={t('trial.placeholder')}
          aria-label={t('trial.code_label')}
          aria-invalid={error !== null}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          className="h-8 max-w-64 min-w-0 flex-1 rounded-md border border-line bg-panel px-2 font-mono text-[12px] tracking-wide text-fg uppercase placeholder:font-sans placeholder:tracking-normal placeholder:text-faint placeholder:normal-case aria-[invalid=true]:border-danger"
        />
        <button type="submit" className="button-primary h-8" disabled={redeem.isPending}>
          {redeem.isPending && <LoaderCircle size={12} className="mr-1 animate-spin" aria-hidden />}
          {t('trial.redeem')}
        </button>
      </form>
      {error !== null && (
        <p role="alert" className="mt-1 text-[12px] text-danger">
          {error}
        </p>
      )}
    </section>
  );
}
