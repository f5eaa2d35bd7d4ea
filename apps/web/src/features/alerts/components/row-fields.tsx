import { ALERT_LIMITS, type AlertProblemStatus, Status } from '@floordesk/protocol';
import { Plus, X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyPrice, emptyWallet, type PriceRow, type ProblemsByField, type WalletRow } from '../alert-draft';
import { inputClass, Problem, useProblemText } from './form-fields';

type RowListProps = {
  legend: string;
  hint: string;
  addLabel: string;
  /** Rows already at the limit: adding shows `limitStatus` instead of a row. */
  full: boolean;
  limitStatus: AlertProblemStatus;
  /** The list's own problem (none at all, too many). */
  listProblem: AlertProblemStatus | undefined;
  onAdd: () => void;
  children: ReactNode;
  testId: string;
};

/** A fieldset of rows the user adds and removes, up to a limit the original app words as 'Add up to N'. */
function RowList({ legend, hint, addLabel, full, limitStatus, listProblem, onAdd, children, testId }: RowListProps) {
  const problemText = useProblemText();
  const hintId = useId();
  const [limitHit, setLimitHit] = useState(false);
  return (
    <fieldset className="min-w-0 @md:col-span-2" aria-describedby={hintId} data-testid={testId}>
      <legend className="mb-1 text-[12px] font-medium text-muted">{legend}</legend>
      <p id={hintId} className="mb-1.5 text-[11px] leading-snug text-faint">
        {hint}
      </p>
      <ol className="flex flex-col gap-1.5">{children}</ol>
      <button
        type="button"
        className="button-secondary mt-2 h-7 gap-1 px-2 text-[12px]"
        onClick={() => {
          if (full) setLimitHit(true);
          else {
            setLimitHit(false);
            onAdd();
          }
        }}
      >
        <Plus size={12} aria-hidden />
        {addLabel}
      </button>
      <Problem text={problemText(limitHit && full ? limitStatus : listProblem)} />
    </fieldset>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="icon-button size-8 hover:text-danger"
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <X size={14} aria-hidden />
    </button>
  );
}

type PricesFieldProps = {
  prices: PriceRow[];
  problems: ProblemsByField;
  onChange: (prices: PriceRow[]) => void;
};

/** A floor alert's trigger prices in ETH: up to five, each at least 0.0001 and none twice. */
export function PricesField({ prices, problems, onChange }: PricesFieldProps) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  return (
    <RowList
      legend={t('alerts.form.trigger_price')}
      hint={t('alerts.form.prices_hint', { max: ALERT_LIMITS.prices, min: ALERT_LIMITS.minPriceEth })}
      addLabel={t('alerts.form.add_price')}
      full={prices.length >= ALERT_LIMITS.prices}
      limitStatus={Status.AlertPriceLimit}
      listProblem={problems.get('price_list')}
      onAdd={() => onChange([...prices, emptyPrice()])}
      testId="alert-prices"
    >
      {prices.map((price, index) => {
        const problem = problemText(problems.get(`price_list.${index}`));
        const label = t('alerts.form.trigger_price_n', { n: index + 1 });
        return (
          <li key={price.key} data-testid="alert-price-row">
            <div className="flex items-center gap-1.5">
              <div className="relative min-w-0 flex-1 @md:max-w-56">
                <input
                  aria-label={label}
                  aria-invalid={problem !== undefined}
                  value={price.value}
                  onChange={(event) =>
                    onChange(prices.map((row) => (row.key === price.key ? { ...row, value: event.target.value } : row)))
                  }
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0.00"
                  className={`${inputClass} pr-10 font-mono text-[12px]`}
                />
                <span className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 text-[11px] text-faint">
                  ETH
                </span>
              </div>
              <RemoveButton
                label={t('alerts.form.remove_price', { n: index + 1 })}
                onClick={() => onChange(prices.filter((row) => row.key !== price.key))}
              />
            </div>
            <Problem text={problem} />
          </li>
        );
      })}
    </RowList>
  );
}

type WalletsFieldProps = {
  wallets: WalletRow[];
  problems: ProblemsByField;
  onChange: (wallets: WalletRow[]) => void;
};

/** A wallet alert's tracked wallets: up to ten addresses, each with an optional nickname. */
export function WalletsField({ wallets, problems, onChange }: WalletsFieldProps) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const edit = (key: number, change: Partial<WalletRow>) =>
    onChange(wallets.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return (
    <RowList
      legend={t('alerts.form.wallet_address')}
      hint={t('alerts.form.wallets_hint', { max: ALERT_LIMITS.wallets })}
      addLabel={t('alerts.form.add_wallet')}
      full={wallets.length >= ALERT_LIMITS.wallets}
      limitStatus={Status.WalletLimit}
      listProblem={problems.get('qb_address2')}
      onAdd={() => onChange([...wallets, emptyWallet()])}
      testId="alert-wallets"
    >
      {wallets.map((wallet, index) => {
        const addressProblem = problemText(problems.get(`qb_address2.${index}.address`));
        const nicknameProblem = problemText(problems.get(`qb_address2.${index}.nickname`));
        return (
          <li key={wallet.key} data-testid="alert-wallet-row">
            <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-1.5 @md:grid-cols-[minmax(0,1fr)_10rem_auto]">
              <input
                aria-label={t('alerts.form.wallet_address_n', { n: index + 1 })}
                aria-invalid={addressProblem !== undefined}
                value={wallet.address}
                onChange={(event) => edit(wallet.key, { address: event.target.value })}
                placeholder="0x…"
                autoComplete="off"
                spellCheck={false}
                className={`${inputClass} font-mono text-[12px]`}
              />
              <input
                aria-label={t('alerts.form.nickname_n', { n: index + 1 })}
                aria-invalid={nicknameProblem !== undefined}
                value={wallet.nickname}
                onChange={(event) => edit(wallet.key, { nickname: event.target.value })}
                placeholder={t('alerts.form.nickname')}
                autoComplete="off"
                maxLength={ALERT_LIMITS.nicknameMax}
                className={`${inputClass} col-start-1 row-start-2 @md:col-start-auto @md:row-start-auto`}
              />
              <RemoveButton
                label={t('alerts.form.remove_wallet', { n: index + 1 })}
                onClick={() => onChange(wallets.filter((row) => row.key !== wallet.key))}
              />
            </div>
            <Problem text={addressProblem ?? nicknameProblem} />
          </li>
        );
      })}
    </RowList>
  );
}
