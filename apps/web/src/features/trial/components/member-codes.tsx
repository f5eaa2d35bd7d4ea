import { TRIAL_DAYS, type TrialCodeStatus, type TrialCodesData } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { CopyButton } from '../../../components/ui/copy-button';
import { formatDate } from '../../../lib/dates';
import { useTrialTexts } from '../../../lib/trial-texts';
import { useIssueTrialCode } from '../api';

const STATUS_TONE: Record<TrialCodeStatus, string> = {
  0: 'text-accent',
  1: 'text-warn',
  2: 'text-fg',
  3: 'text-faint',
};

/** A member's codes: this month's allowance, the button for a new one, and how each handed-out code stands. */
export function MemberCodes({ data }: { data: TrialCodesData }) {
  const { t } = useTrialTexts();
  const issue = useIssueTrialCode();
  const limitId = useId();
  const full = data.issued_this_month >= data.per_month;
  return (
    <section>
      <div className="flex items-baseline justify-between gap-3 border-b border-line pb-2">
        <h2 className="font-semibold">{t('trial.codes_title')}</h2>
        <span data-testid="trial-issued" className="text-[12px] text-faint">
          {t('trial.issued', { issued: data.issued_this_month, per_month: data.per_month })}
        </span>
      </div>
      <p className="mt-2 text-[12px] text-muted">{t('trial.friends_hint', { days: TRIAL_DAYS })}</p>

      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="button-primary h-8"
          disabled={full || issue.isPending}
          aria-describedby={full ? limitId : undefined}
          onClick={() => issue.mutate()}
        >
          {issue.isPending && <LoaderCircle size={12} className="mr-1 animate-spin" aria-hidden />}
          {t('trial.get_code')}
        </button>
        {full && (
          <p id={limitId} className="text-[12px] text-muted">
            {t('trial.limit_reached', { per_month: data.per_month })}
          </p>
        )}
      </div>

      {data.list.length === 0 ? (
        <p className="mt-4 text-faint">{t('trial.no_codes')}</p>
      ) : (
        <table className="mt-4 w-full text-left">
          <thead className="text-[12px] text-faint">
            <tr className="border-b border-line">
              <th className="py-1.5 pr-3 font-normal">{t('trial.code')}</th>
              <th className="py-1.5 pr-3 font-normal">{t('trial.created')}</th>
              <th className="py-1.5 font-normal">{t('trial.status')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line/60">
            {data.list.map((item) => (
              <tr key={item.code} data-testid="trial-code-row">
                <td className="py-1.5 pr-3">
                  <span className="flex items-center gap-1">
                    <span className="font-mono font-semibold tracking-wide select-all">{item.code}</span>
                    <CopyButton
                      value={item.code}
                      label={t('trial.copy')}
                      copiedLabel={t('trial.copied', { code: item.code })}
                      failedLabel={t('trial.copy_failed')}
                      large
                    />
                  </span>
                </td>
                <td className="py-1.5 pr-3 text-muted">{formatDate(item.created_at, 'YYYY-MM-DD HH:mm')}</td>
                <td data-testid="trial-code-status" className={clsx('py-1.5', STATUS_TONE[item.status])}>
                  {t(`trial.status_label.${item.status}`)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
