import type { TFunction } from 'i18next';
import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Address, getAddress, type Hex, hexToBytes } from 'viem';
import { Dialog } from '../../../components/ui/dialog';
import { formatCount, formatEth, formatWeiAsGwei, shortAddress } from '../../../lib/format';
import { usePendingRequest } from '../confirm-store';
import { peopleIndexOf } from '../devnet-accounts';
import type { ConfirmRequest, TransactionDraft, TypedDataRequest } from '../provider';
import { DEVNET_WALLET } from '../wallet-info';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A personal_sign message as text, as wallets show it; bytes that are not UTF-8 stay hex. */
export function messageText(message: Hex): string {
  try {
    return utf8.decode(hexToBytes(message));
  } catch {
    return message;
  }
}

/** The wallet's confirmation: the request at the head of the queue, until the user confirms or rejects it. */
export function ConfirmDialog() {
  const pending = usePendingRequest();
  const [covered, setCovered] = useState(0);
  const cover = useCallback(() => setCovered((count) => count + 1), []);
  if (!pending) return null;
  return (
    <RequestDialog
      key={`${pending.id}:${covered}`}
      request={pending.request}
      answer={pending.answer}
      onCovered={cover}
    />
  );
}

/**
 * Calls `onCovered` when the page puts a layer of its own (a dialog, a popover: portalled to the end of `<body>`)
 * over the wallet's window after it opened. The window is then mounted again, on top, as an extension's pop-up stays
 * above the page: left under the page's modal (the sweep modal's code can arrive after the wallet is asked), it was
 * hidden from assistive technology and could not be clicked, so the request could not be answered.
 */
function useStayOnTop(inWindow: RefObject<HTMLElement | null>, onCovered: () => void): void {
  useEffect(() => {
    const observer = new MutationObserver(() => {
      const popup = inWindow.current?.closest('[role="dialog"]');
      const top = [...document.body.children].findLast((element) => !element.hasAttribute('data-radix-focus-guard'));
      if (popup && top && top !== popup) onCovered();
    });
    observer.observe(document.body, { childList: true });
    return () => observer.disconnect();
  }, [inWindow, onCovered]);
}

function RequestDialog({
  request,
  answer,
  onCovered,
}: {
  request: ConfirmRequest;
  answer: (confirmed: boolean) => void;
  onCovered: () => void;
}) {
  const { t } = useTranslation();
  const inWindow = useRef<HTMLDivElement>(null);
  useStayOnTop(inWindow, onCovered);
  const origin = window.location.host;
  const { title, action, body } = describe(request, origin, t);
  return (
    <Dialog
      open
      // Closing the window is rejecting, as with any wallet.
      onOpenChange={(open) => !open && answer(false)}
      title={
        <>
          <img src={DEVNET_WALLET.icon} alt="" className="size-4 rounded" />
          {title}
        </>
      }
      description={<AccountLine account={request.account} />}
    >
      <div ref={inWindow} className="mt-3 max-h-[min(52dvh,30rem)] overflow-y-auto" data-testid="devnet-wallet-request">
        {body}
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className="button-secondary" onClick={() => answer(false)}>
          {t('devnet_wallet.confirm.reject')}
        </button>
        <button type="button" className="button-primary" onClick={() => answer(true)}>
          {action}
        </button>
      </div>
    </Dialog>
  );
}

function describe(
  request: ConfirmRequest,
  origin: string,
  t: TFunction,
): { title: string; action: string; body: ReactNode } {
  switch (request.kind) {
    case 'connect':
      return {
        title: t('devnet_wallet.confirm.connect_title'),
        action: t('devnet_wallet.confirm.connect'),
        body: <p className="leading-relaxed text-muted">{t('devnet_wallet.confirm.connect_body', { origin })}</p>,
      };
    case 'message':
      return {
        title: t('devnet_wallet.confirm.message_title'),
        action: t('devnet_wallet.confirm.sign'),
        body: (
          <>
            <Intro>{t('devnet_wallet.confirm.message_intro', { origin })}</Intro>
            <pre className="rounded border border-line bg-canvas px-2.5 py-2 font-mono text-[12px] leading-relaxed break-words whitespace-pre-wrap text-fg">
              {messageText(request.message)}
            </pre>
          </>
        ),
      };
    case 'typed-data':
      return {
        title: t('devnet_wallet.confirm.typed_title'),
        action: t('devnet_wallet.confirm.sign'),
        body: <TypedDataView typedData={request.typedData} origin={origin} />,
      };
    case 'transaction':
      return {
        title: t('devnet_wallet.confirm.transaction_title'),
        action: t('devnet_wallet.confirm.send'),
        body: <TransactionView transaction={request.transaction} origin={origin} />,
      };
  }
}

function AccountLine({ account }: { account: Address }) {
  const { t } = useTranslation();
  const index = peopleIndexOf(account);
  return (
    <span className="flex flex-wrap items-center gap-x-1.5">
      <span>{t('devnet_wallet.name')}</span>
      <span className="text-faint">·</span>
      <span>
        {index === null ? t('devnet_wallet.choose.fresh_current') : t('devnet_wallet.choose.account', { index })}
      </span>
      <span className="font-mono text-fg" title={account}>
        {shortAddress(account)}
      </span>
    </span>
  );
}

function Intro({ children }: { children: ReactNode }) {
  return <p className="mb-2 text-muted">{children}</p>;
}

/** Label and value rows; values in the terminal's monospace, wrapping rather than overflowing a phone. */
function Rows({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-4 gap-y-1 rounded border border-line bg-canvas px-2.5 py-2">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="text-right font-mono text-[12px] break-all text-fg">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function TypedDataView({ typedData, origin }: { typedData: TypedDataRequest; origin: string }) {
  const { t } = useTranslation();
  const { name, version, chainId, verifyingContract } = typedData.domain ?? {};
  const rows: [string, ReactNode][] = [];
  if (name !== undefined) rows.push([t('devnet_wallet.confirm.domain'), [name, version].filter(Boolean).join(' ')]);
  if (verifyingContract !== undefined) rows.push([t('devnet_wallet.confirm.contract'), verifyingContract]);
  if (chainId !== undefined) rows.push([t('devnet_wallet.confirm.chain'), String(chainId)]);
  return (
    <>
      <Intro>{t('devnet_wallet.confirm.typed_intro', { origin, type: typedData.primaryType })}</Intro>
      {rows.length > 0 && (
        <div className="mb-2">
          <Rows rows={rows} />
        </div>
      )}
      <div className="rounded border border-line bg-canvas px-2.5 py-2 font-mono text-[12px]">
        <Fields value={typedData.message} />
      </div>
    </>
  );
}

/** A typed-data message field by field, nested structs and arrays indented under their name. */
function Fields({ value }: { value: unknown }) {
  const entries = Array.isArray(value)
    ? value.map((item, index) => [`#${index}`, item] as const)
    : Object.entries(value as Record<string, unknown>);
  return (
    <dl className="flex flex-col gap-0.5">
      {entries.map(([key, field]) =>
        typeof field === 'object' && field !== null ? (
          <div key={key}>
            <dt className="text-muted">{key}</dt>
            <dd className="ml-1 border-l border-line pl-2.5">
              <Fields value={field} />
            </dd>
          </div>
        ) : (
          <div key={key} className="flex min-w-0 gap-2">
            <dt className="shrink-0 text-muted">{key}</dt>
            <dd className="min-w-0 flex-1 text-right break-all text-fg">{String(field)}</dd>
          </div>
        ),
      )}
    </dl>
  );
}

function TransactionView({ transaction, origin }: { transaction: TransactionDraft; origin: string }) {
  const { t } = useTranslation();
  const { to, value, data, gas, fees } = transaction;
  const feePerGas = 'gasPrice' in fees ? fees.gasPrice : fees.maxFeePerGas;
  const networkFee = gas * feePerGas;
  const feeRows: [string, ReactNode][] =
    'gasPrice' in fees
      ? [[t('devnet_wallet.confirm.gas_price'), `${formatWeiAsGwei(fees.gasPrice)} Gwei`]]
      : [
          [t('devnet_wallet.confirm.max_fee'), `${formatWeiAsGwei(fees.maxFeePerGas)} Gwei`],
          [t('devnet_wallet.confirm.priority_fee'), `${formatWeiAsGwei(fees.maxPriorityFeePerGas)} Gwei`],
        ];
  return (
    <>
      <Intro>{t('devnet_wallet.confirm.transaction_intro', { origin })}</Intro>
      <Rows
        rows={[
          [t('devnet_wallet.confirm.to'), to ? getAddress(to) : t('devnet_wallet.confirm.new_contract')],
          [t('devnet_wallet.confirm.value'), `${formatEth(value)} ETH`],
          [t('devnet_wallet.confirm.gas_limit'), formatCount(Number(gas))],
          ...feeRows,
          [t('devnet_wallet.confirm.network_fee'), `${formatEth(networkFee, 6)} ETH`],
          [t('devnet_wallet.confirm.total'), `${formatEth(value + networkFee, 6)} ETH`],
          [
            t('devnet_wallet.confirm.data'),
            t('devnet_wallet.confirm.data_size', { size: formatCount((data.length - 2) / 2) }),
          ],
        ]}
      />
    </>
  );
}
