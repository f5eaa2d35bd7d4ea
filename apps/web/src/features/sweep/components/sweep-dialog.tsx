import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { setPanelOpen, usePanelOpen } from '../../../stores/panels-store';
import { Dialog } from '../../../components/ui/dialog';
import { TransactionHash } from '../../../components/ui/transaction-hash';
import { formatEth } from '../../../lib/format';
import { TokenCell } from '../../../components/ui/token-cell';
import type { SweepRow } from '../api/sweep-order';
import type { SweepPhase, SweepRun } from '../sweep-run-store';
import { useSweepRun } from '../sweep-run-store';
import { type StatusTone, statusText, statusTone } from '../sweep-status';

const TONES: Record<StatusTone, string> = {
  progress: 'text-muted',
  good: 'text-accent',
  bad: 'text-danger',
  quiet: 'text-faint',
};

/** The sweep batch modal, panel 'sweep': the latest sweep's counts and every item's status. */
export function SweepDialog() {
  const { t } = useTranslation();
  const open = usePanelOpen('sweep');
  const run = useSweepRun();
  const bought = run?.rows.filter((row) => row.role === 'buy') ?? [];
  const buying = bought.length;
  return (
    <Dialog
      open={open && run !== null}
      onOpenChange={(next) => setPanelOpen('sweep', next)}
      // One listing is a buy (the listings' Buy, or a sweep of 1), named by its token.
      title={buying === 1 ? t('sweep.buy_token', { token: bought[0]!.token_id }) : t('sweep.title', { count: buying })}
      className="max-w-xl"
    >
      {run && <SweepReport run={run} buying={buying} />}
    </Dialog>
  );
}

function SweepReport({ run, buying }: { run: SweepRun; buying: number }) {
  const { t } = useTranslation();
  const skipped = run.rows.filter((row) => row.role === 'skip').length;
  return (
    <div className="mt-3 flex flex-col gap-2.5" data-testid="sweep-dialog">
      <dl className="grid grid-cols-3 gap-2 rounded border border-line bg-canvas/40 px-3 py-2">
        <Figure label={t('sweep.buying')} testId="sweep-buying">
          {buying}
        </Figure>
        <Figure label={t('sweep.order_price')} testId="sweep-order-price">
          {formatEth(run.total)}
        </Figure>
        <Figure label={t('sweep.skipped')} testId="sweep-skipped">
          {skipped}
        </Figure>
      </dl>
      {run.transactions > 1 && (
        <p data-testid="sweep-transactions" className="text-muted">
          {t('sweep.two_transactions')}
        </p>
      )}
      <PhaseLine run={run} buying={buying} />
      {run.message && (
        <p
          role="alert"
          data-testid="sweep-message"
          className="rounded border border-danger/30 bg-danger/10 px-2.5 py-1.5 text-danger"
        >
          {run.message}
        </p>
      )}
      {run.needsPremium && <PremiumOffer />}
      {run.txHashes.map((hash) => (
        <TransactionLine key={hash} chainId={run.chainId} hash={hash} />
      ))}
      <ul
        aria-label={t('sweep.items')}
        className="flex max-h-[min(50dvh,28rem)] flex-col overflow-y-auto rounded border border-line"
      >
        {run.rows.map((row) => (
          <ItemLine key={row.order_id} row={row} phase={run.phase} />
        ))}
      </ul>
    </div>
  );
}

/** Why premium is worth having, and the way to the plans, under a refusal to a user without it. */
function PremiumOffer() {
  const { t } = useTranslation();
  return (
    <div data-testid="sweep-premium" className="flex flex-col items-start gap-2 rounded border border-line px-2.5 py-2">
      <p className="text-muted">{t('sweep.premium_offer')}</p>
      <Link to="/plans" onClick={() => setPanelOpen('sweep', false)} className="button-primary">
        {t('sweep.to_plans')}
      </Link>
    </div>
  );
}

function Figure({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-[10px] leading-tight font-semibold tracking-wide text-faint">{label}</dt>
      <dd data-testid={testId} className="font-mono text-[14px] text-fg">
        {children}
      </dd>
    </div>
  );
}

function PhaseLine({ run, buying }: { run: SweepRun; buying: number }) {
  const { t } = useTranslation();
  let text: string | null = null;
  if (run.phase === 'done') {
    const bought = run.rows.filter((row) => row.status === 'bought').length;
    text = t('sweep.phase.done', { bought, count: buying });
  } else if (run.phase !== 'failed') {
    text = t(`sweep.phase.${run.phase}`);
  }
  if (!text) return null;
  return (
    <output data-testid="sweep-phase" className="flex items-center gap-1.5 text-muted">
      {run.phase !== 'done' && <LoaderCircle size={13} className="animate-spin" aria-hidden />}
      {text}
    </output>
  );
}

function TransactionLine({ chainId, hash }: { chainId: number; hash: string }) {
  const { t } = useTranslation();
  return (
    <p
      className="flex items-center gap-1.5 text-[12px] text-muted"
      data-testid="sweep-tx"
      data-hash={hash}
      title={hash}
    >
      {t('sweep.transaction')}
      <TransactionHash chainId={chainId} hash={hash} linkClassName="text-accent hover:underline" />
    </p>
  );
}

function ItemLine({ row, phase }: { row: SweepRow; phase: SweepPhase }) {
  const { t } = useTranslation();
  return (
    <li
      data-testid="sweep-item"
      data-token-id={row.token_id}
      data-role={row.role}
      data-status={row.status}
      className={clsx(
        'grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 border-b border-line/50 px-2.5 py-1.5 last:border-b-0',
        row.role === 'skip' && 'opacity-70',
      )}
    >
      <TokenCell img={row.img} tokenId={row.token_id} />
      <span className="text-right font-mono text-fg">
        {formatEth(row.price)} <span className="text-faint">Ξ</span>
      </span>
      <span className="flex min-w-0 gap-2 truncate pl-8 text-[11px] text-faint">
        <span>{row.rank === null ? '—' : `${t('sweep.rank')} #${row.rank}`}</span>
        <span>{t(`market.marketplace.${row.marketplace}`)}</span>
      </span>
      <span
        data-testid="sweep-item-status"
        title={row.role === 'spare' ? t('sweep.spare_hint') : undefined}
        className={clsx('text-right text-[11px] font-semibold', TONES[statusTone(row.status)])}
      >
        {statusText(row, phase, t)}
      </span>
    </li>
  );
}
