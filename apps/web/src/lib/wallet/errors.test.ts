import { ERROR_NOTICE_THROTTLE_MS } from '@floordesk/protocol';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import type { ErrorReport } from '../report-error';
import { createWalletErrorHandler, walletErrorCode } from './errors';
import type { Wallet } from './wallets';

/** A provider error as viem wraps it: the code sits on the cause. */
function wrapped(code: number, message = 'provider said no') {
  return Object.assign(new Error('Wrapped wallet error'), {
    shortMessage: 'Wrapped wallet error',
    cause: Object.assign(new Error(message), { code }),
  });
}

function setup() {
  let clock = 0;
  const notify = vi.fn<(message: string) => void>();
  const report = vi.fn<(report: ErrorReport) => void>();
  const reauthorize = vi.fn<(wallet: Wallet) => void>();
  const wallet = { id: 'test-wallet' } as Wallet;
  const handle = createWalletErrorHandler({
    notify,
    report,
    reauthorize,
    t: (key, values) => i18n.t(key, values ?? {}),
    now: () => clock,
  });
  return {
    notify,
    report,
    reauthorize,
    advance: (ms: number) => {
      clock += ms;
    },
    sign: (error: unknown) => handle(error, { signing: true, wallet }),
    other: (error: unknown) => handle(error, { signing: false, wallet }),
  };
}

describe('wallet errors', () => {
  it('finds the provider code through wrapping errors', () => {
    expect(walletErrorCode(wrapped(4001))).toBe(4001);
    expect(walletErrorCode(new Error('no code'))).toBeUndefined();
  });

  it('tells the user they rejected the signature request (4001)', () => {
    const { notify, sign } = setup();
    sign(wrapped(4001));
    expect(notify).toHaveBeenCalledWith('User rejected the signature request');
  });

  it('says it in Chinese when the language is Chinese', async () => {
    const { notify, sign } = setup();
    await i18n.changeLanguage('zh');
    sign(wrapped(4001));
    await i18n.changeLanguage('en');
    expect(notify).toHaveBeenCalledWith('用户拒绝了签名请求');
  });

  it('asks for account access again when the wallet lost its authorisation (4100)', () => {
    const { notify, reauthorize, sign } = setup();
    sign(wrapped(4100));
    expect(reauthorize).toHaveBeenCalledOnce();
    expect(notify).not.toHaveBeenCalled();
  });

  it.each([-32602, 32602])('reports an inactive wallet for %i', (code) => {
    const { notify, other } = setup();
    other(wrapped(code));
    expect(notify).toHaveBeenCalledWith('The wallet is inactive, please activate it before proceeding');
  });

  it('explains any other signature failure with its message', () => {
    const { notify, sign } = setup();
    sign(new Error('Ledger locked'));
    expect(notify).toHaveBeenCalledWith('Signature request failed: Ledger locked');
  });

  it('shows other wallet errors at most once per throttle window', () => {
    const { notify, advance, other } = setup();
    other(new Error('Extension context invalidated'));
    advance(ERROR_NOTICE_THROTTLE_MS - 1);
    other(new Error('Extension context invalidated'));
    expect(notify).toHaveBeenCalledTimes(1);
    advance(1);
    other(new Error('Chain not configured'));
    expect(notify).toHaveBeenCalledTimes(2);
    expect(notify).toHaveBeenLastCalledWith('Chain not configured');
  });

  it('reports other wallet errors to the server, with their code', () => {
    const { report, other } = setup();
    other(wrapped(-32603, 'Internal JSON-RPC error.'));
    expect(report).toHaveBeenCalledWith({ kind: 'wallet', code: -32603, message: 'Wrapped wallet error' });
  });

  it('reports no rejection, re-authorisation, inactive wallet or signature failure: they are the user’s or explained', () => {
    const { report, sign, other } = setup();
    sign(wrapped(4001));
    other(wrapped(4100));
    other(wrapped(-32602));
    sign(new Error('Ledger locked'));
    expect(report).not.toHaveBeenCalled();
  });
});
