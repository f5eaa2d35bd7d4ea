import { ERROR_NOTICE_THROTTLE_MS } from '@floordesk/protocol';
import { showToast } from '../../components/ui/toast/toast-store';
import { reportError } from '../api-client';
import { i18n } from '../i18n';
import type { ErrorReport } from '../report-error';
import { createThrottle } from '../throttle';
import { loadWalletActions } from './load-wallet-actions';
import type { Wallet } from './wallets';

/** EIP-1193 and JSON-RPC codes the original app gives a meaning. */
export const USER_REJECTED = 4001;
const UNAUTHORIZED = 4100;
const INVALID_PARAMS = 32602;

/** What went wrong in the wallet, as the user should hear it. */
export type WalletErrorAction =
  | { type: 'notify'; message: string; throttled: boolean }
  /** The wallet forgot our permission: ask for account access again. */
  | { type: 'reauthorize' };

/** Wallet libraries wrap the provider's error (viem's `cause` chain); the first numeric code is the provider's. */
export function walletErrorCode(error: unknown): number | undefined {
  for (let current = error; typeof current === 'object' && current !== null;) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'number') return code;
    current = cause;
  }
  return undefined;
}

function walletErrorMessage(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error);
  const { shortMessage, message } = error as { shortMessage?: unknown; message?: unknown };
  return String(shortMessage ?? message ?? error);
}

type Translate = (
  key: 'err.rejected' | 'err.is_buy_n32602' | 'err.signature_failed',
  values?: { message: string },
) => string;

/** The wallet errors; `signing` is true while the wallet was asked for a signature. */
export function walletErrorAction(error: unknown, signing: boolean, t: Translate): WalletErrorAction {
  const code = walletErrorCode(error);
  if (code === USER_REJECTED) return { type: 'notify', message: t('err.rejected'), throttled: false };
  if (code === UNAUTHORIZED) return { type: 'reauthorize' };
  // Wallets disagree on the sign of "invalid params"; the original app calls it 32602, JSON-RPC -32602.
  if (code !== undefined && Math.abs(code) === INVALID_PARAMS) {
    return { type: 'notify', message: t('err.is_buy_n32602'), throttled: false };
  }
  const message = walletErrorMessage(error);
  if (signing) return { type: 'notify', message: t('err.signature_failed', { message }), throttled: false };
  return { type: 'notify', message, throttled: true };
}

/** The "other" wallet errors, shown throttled, are also reported to the server. */
function reportOther(error: unknown, action: WalletErrorAction, report: (report: ErrorReport) => void): void {
  if (action.type === 'notify' && action.throttled) {
    report({ kind: 'wallet', code: walletErrorCode(error) ?? null, message: action.message });
  }
}

export type WalletErrorDeps = {
  notify: (message: string) => void;
  report: (report: ErrorReport) => void;
  /** Asks `wallet` for account access again. */
  reauthorize: (wallet: Wallet) => void;
  t: Translate;
  now: () => number;
};

export function createWalletErrorHandler({ notify, report, reauthorize, t, now }: WalletErrorDeps) {
  const gate = createThrottle(ERROR_NOTICE_THROTTLE_MS, now);
  return (error: unknown, { signing, wallet }: { signing: boolean; wallet: Wallet }): void => {
    const action = walletErrorAction(error, signing, t);
    if (action.type === 'reauthorize') reauthorize(wallet);
    else if (!action.throttled || gate()) notify(action.message);
    reportOther(error, action, report);
  };
}

const translate: Translate = (key, values) => i18n.t(key, values ?? {});

/** The one place wallet failures become user feedback. */
export const handleWalletError = createWalletErrorHandler({
  notify: showToast,
  report: reportError,
  // A refused or failed re-request is the wallet's own answer to the user; there is nothing to add.
  reauthorize: (wallet) =>
    void loadWalletActions()
      .then(({ requestAccountAccess }) => requestAccountAccess(wallet))
      .catch(() => undefined),
  t: translate,
  now: Date.now,
});

/** The reading of a wallet failure outside signing, for a view that shows it itself (the sweep modal). */
export function walletErrorOf(error: unknown): WalletErrorAction {
  const action = walletErrorAction(error, false, translate);
  reportOther(error, action, reportError);
  return action;
}
