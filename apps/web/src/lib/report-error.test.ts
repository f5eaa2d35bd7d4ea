import { CLIENT_ERROR_LIMITS, type ClientErrorReport, ERROR_NOTICE_THROTTLE_MS } from '@floordesk/protocol';
import { describe, expect, it, vi } from 'vitest';
import { createErrorReporter, type ErrorReport } from './report-error';

function setup(send = vi.fn<(report: ClientErrorReport) => Promise<unknown>>().mockResolvedValue(undefined)) {
  let clock = 0;
  const report = createErrorReporter({ send, route: () => '/collection/0xabc', version: '0.1.0', now: () => clock });
  return {
    send,
    report,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const walletError: ErrorReport = { kind: 'wallet', code: -32603, message: 'Internal JSON-RPC error.' };

describe('error reports', () => {
  it('sends the error with the page and the app version', () => {
    const { send, report } = setup();
    report(walletError);
    expect(send).toHaveBeenCalledWith({ ...walletError, route: '/collection/0xabc', version: '0.1.0' });
  });

  it('reports once per throttle window for each kind', () => {
    const { send, report, advance } = setup();
    report(walletError);
    report({ kind: 'network', code: null, message: 'offline', call: 'trending' });
    advance(ERROR_NOTICE_THROTTLE_MS - 1);
    report(walletError);
    report({ kind: 'network', code: null, message: 'offline', call: 'trending' });
    expect(send.mock.calls.map(([sent]) => sent.kind)).toEqual(['wallet', 'network']);
    advance(1);
    report(walletError);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('cuts a long message to what the server takes and drops a code the server would refuse', () => {
    const { send, report } = setup();
    report({ kind: 'wallet', code: 2 ** 40, message: 'x'.repeat(CLIENT_ERROR_LIMITS.message + 100) });
    expect(send.mock.calls[0]![0]).toMatchObject({ code: null, message: 'x'.repeat(CLIENT_ERROR_LIMITS.message) });
  });

  it('drops a report that fails to send, without retrying or raising it', async () => {
    const unhandled = vi.fn<(reason: unknown) => void>();
    process.on('unhandledRejection', unhandled);
    const { send, report } = setup(
      vi.fn<(report: ClientErrorReport) => Promise<unknown>>().mockRejectedValue(new Error('offline')),
    );
    expect(() => report(walletError)).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.off('unhandledRejection', unhandled);
    expect(send).toHaveBeenCalledTimes(1);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
