import { PROFIT_DECIMALS, type SellMarketplace } from '@floordesk/protocol';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/dialog';
import { Loading } from '../../components/ui/load-state';
import { TransactionHash } from '../../components/ui/transaction-hash';
import { useAppConfig } from '../../lib/api/app-config';
import { formatEth } from '../../lib/format';
import type { CancelPlan, CancelState } from './cancel-flow';
import { useMyListingsTexts } from './my-listings-texts';

/** What the trader asked to cancel: the dialog's title and warning follow it. */
export type CancelIntent =
  { kind: 'listings'; count: number } | { kind: 'all'; wallet: string; marketplace: SellMarketplace };

const gas = (wei: string | bigint) => formatEth(wei, PROFIT_DECIMALS);

function PlanDetails({ plan, walletName }: { plan: CancelPlan; walletName: (address: string) => string }) {
  const { t } = useMyListingsTexts();
  const { t: appText } = useTranslation();
  return (
    <>
      <ul className="mt-3 flex flex-col gap-2" data-testid="cancel-transactions">
        {plan.transactions.map((tx) => (
          <li
            key={`${tx.marketplace}:${tx.from}`}
            data-testid="cancel-transaction"
            className="rounded-md border border-line bg-raised/40 px-3 py-2"
          >
            <p className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-semibold">{appText(`market.marketplace.${tx.marketplace}`)}</span>
              <span data-testid="cancel-gas" className="font-mono text-muted">
                {t('my_listings.dialog.gas', { fee: gas(tx.fee_wei) })}
              </span>
            </p>
            <p className="text-[12px] text-muted">
              {t(`my_listings.dialog.method.${tx.method}`, { count: tx.order_hashes.length })} ·{' '}
              {t('my_listings.dialog.from', { wallet: walletName(tx.from) })}
            </p>
          </li>
        ))}
      </ul>
      {plan.transactions.length > 1 && (
        <p className="mt-2 flex flex-wrap justify-between gap-x-3 text-[12px] text-muted">
          <span>{t('my_listings.dialog.several', { count: plan.transactions.length })}</span>
          <span data-testid="cancel-total-gas" className="font-mono">
            {t('my_listings.dialog.total', { fee: gas(plan.feeWei) })}
          </span>
        </p>
      )}
    </>
  );
}

type CancelDialogProps = {
  intent: CancelIntent;
  state: CancelState;
  walletName: (address: string) => string;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * Cancelling, step by step: the server's plan with each transaction's gas before the wallet opens (and for a
 * cancel-all what it ends beyond FloorDesk), then the wallet, the mining and the outcome.
 */
export function CancelDialog({ intent, state, walletName, onConfirm, onClose }: CancelDialogProps) {
  const { t } = useMyListingsTexts();
  const { t: appText } = useTranslation();
  const chainId = useAppConfig().data?.chain_id ?? null;
  const title =
    intent.kind === 'all'
      ? t('my_listings.dialog.title_all', { marketplace: appText(`market.marketplace.${intent.marketplace}`) })
      : t('my_listings.dialog.title', { count: intent.count });
  return (
    <Dialog open={state.phase !== 'idle'} onOpenChange={(open) => !open && onClose()} title={title}>
      <div data-testid="cancel-dialog" className="mt-3">
        {state.phase === 'planning' && <Loading text={t('my_listings.dialog.planning')} />}
        {state.phase === 'confirm' && (
          <>
            <p className="text-muted">
              {intent.kind === 'all'
                ? t('my_listings.dialog.all_warning', {
                    count: state.plan.orderHashes.length,
                    wallet: walletName(intent.wallet),
                    marketplace: appText(`market.marketplace.${intent.marketplace}`),
                  })
                : t('my_listings.dialog.ends', { count: state.plan.orderHashes.length })}
            </p>
            <PlanDetails plan={state.plan} walletName={walletName} />
            {state.message !== null && (
              <p role="alert" className="mt-3 text-warn">
                {state.message}
              </p>
            )}
            <div className="mt-4 flex flex-wrap justify-end gap-2">
              <button type="button" className="button-secondary" onClick={onClose}>
                {t('my_listings.dialog.keep')}
              </button>
              <button type="button" className="button-primary" onClick={onConfirm}>
                {t('my_listings.dialog.send')}
              </button>
            </div>
          </>
        )}
        {state.phase === 'signing' && (
          <Loading
            text={t('my_listings.dialog.signing', { index: state.index + 1, count: state.plan.transactions.length })}
          />
        )}
        {state.phase === 'mining' && <Loading text={t('my_listings.dialog.mining')} />}
        {state.phase === 'done' && <p className="text-accent">{t('my_listings.dialog.done')}</p>}
        {state.phase === 'failed' && (
          <p role="alert" className="text-danger">
            {state.message}
          </p>
        )}
        {(state.phase === 'mining' || state.phase === 'done' || state.phase === 'failed') && (
          <>
            {state.hashes.length > 0 && (
              <ul className="mt-2 flex flex-col gap-1 text-[12px] text-muted">
                {state.hashes.map((hash) => (
                  <li key={hash}>
                    <TransactionHash chainId={chainId} hash={hash} />
                  </li>
                ))}
              </ul>
            )}
            {state.phase !== 'mining' && (
              <div className="mt-4 flex justify-end">
                <button type="button" className="button-secondary" onClick={onClose}>
                  {t('my_listings.dialog.close')}
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}
