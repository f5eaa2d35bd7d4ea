import { Status, TRIAL_CODE_STATUS, type TrialCodesData } from '@floordesk/protocol';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toastStore } from '../../../components/ui/toast/toast-store';
import { i18n } from '../../../lib/i18n';
import { USER_CHECK_KEY } from '../../../lib/user-check-key';
import { loginPromptStore } from '../../../stores/login-prompt-store';
import { sessionStore } from '../../../stores/session-store';
import { bodiesSentTo, ok, renderInApp, stubApi } from '../../../test/render-in-app';
import TrialPage from './trial-page';

const ME = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const REDEEM = '/api/codes/trial/redeem';
/** 2026-12-03 09:30 local time, as the page shows it. */
const ENDS_AT = new Date(2026, 11, 3, 9, 30).getTime() / 1000;

function codes(overrides: Partial<TrialCodesData> = {}): TrialCodesData {
  return { member: false, issued_this_month: 0, per_month: 3, list: [], trial: null, ...overrides };
}

/** The trial routes: the caller's codes (`standing`, changed by what is redeemed or issued) and `redeem`'s answer. */
function stubTrialServer(standing: TrialCodesData, redeem: () => unknown = () => ok({ ends_at: ENDS_AT })) {
  let current = standing;
  return stubApi((url, init) => {
    if (url.pathname === REDEEM) {
      const answer = redeem();
      if ((answer as { status: number }).status === Status.Ok) {
        current = { ...current, trial: { started_at: ENDS_AT - 7 * 86_400, ends_at: ENDS_AT, ended: false } };
      }
      return answer;
    }
    if (url.pathname === '/api/codes/trial' && init?.method === 'POST') {
      const code = `NEWCODE${current.list.length}XY`;
      current = {
        ...current,
        issued_this_month: current.issued_this_month + 1,
        list: [{ code, created_at: ENDS_AT, status: TRIAL_CODE_STATUS.unused, redeemed_at: null }, ...current.list],
      };
      return ok({ code });
    }
    if (url.pathname === '/api/codes/trial') return ok(current);
    throw new Error(`unexpected call ${url.pathname}`);
  });
}

const callsTo = (fetchSpy: ReturnType<typeof stubApi>, path: string, method = 'GET') =>
  fetchSpy.mock.calls.filter(
    ([input, init]) =>
      new URL(String(input), window.location.origin).pathname === path && (init?.method ?? 'GET') === method,
  ).length;

function signIn() {
  sessionStore.getState().signIn({ token: ME, sign_num: 'secret' });
}

afterEach(async () => {
  sessionStore.getState().clear();
  loginPromptStore.setState({ open: false });
  toastStore.getState().dismiss();
  await act(() => i18n.changeLanguage('en'));
});

describe('/activity for a visitor', () => {
  it('says what a trial is and asks to sign in, without calling the server', async () => {
    const fetchSpy = stubTrialServer(codes());
    renderInApp(<TrialPage />, { path: '/activity' });
    expect(screen.getByText(/unlocks 7 days of premium: sweeping and the premium lookups/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(loginPromptStore.getState().open).toBe(true);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('/activity for someone who is not a member', () => {
  it.each([
    ['en', 'Enter the trial code', 'Redeem'],
    ['zh', '请输入试用码', '兑换'],
  ])("refuses an empty code in %s with '%s', without calling the server", async (lang, message, redeem) => {
    await act(() => i18n.changeLanguage(lang));
    signIn();
    const fetchSpy = stubTrialServer(codes());
    renderInApp(<TrialPage />, { path: '/activity' });
    await userEvent.type(await screen.findByRole('textbox'), '   ');
    await userEvent.click(screen.getByRole('button', { name: redeem }));
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(callsTo(fetchSpy, REDEEM, 'POST')).toBe(0);
  });

  it('redeems a code: shows when the trial ends and checks the user again so that premium applies', async () => {
    signIn();
    const fetchSpy = stubTrialServer(codes());
    const { queryClient } = renderInApp(<TrialPage />, { path: '/activity' });
    const userCheckKey = [...USER_CHECK_KEY, ME, 'secret'];
    queryClient.setQueryData(userCheckKey, { user_address: ME, end_flag: 0, identity: '0', before_ens: null });

    await userEvent.type(await screen.findByRole('textbox', { name: 'Trial code' }), ' ab23cd45ef ');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));

    expect((await screen.findByRole('status')).textContent).toContain('Your trial runs until 2026-12-03 09:30');
    expect(bodiesSentTo(fetchSpy, REDEEM)).toEqual([{ code: 'AB23CD45EF' }]);
    expect(queryClient.getQueryState(userCheckKey)?.isInvalidated).toBe(true);
    // The codes are read again too: the running trial now stands where the form was.
    await waitFor(() => expect(callsTo(fetchSpy, '/api/codes/trial')).toBe(2));
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it.each([
    [Status.TrialCodeUnknown, 'This trial code does not exist.'],
    [Status.TrialCodeUsed, 'This trial code has already been used.'],
    [Status.TrialExpired, 'Your trial has expired'],
    [Status.TrialRunning, 'Your trial is already running.'],
    [Status.AlreadyMember, 'You are already a member: trial codes are for newcomers.'],
  ])('shows the refusal %i as the server words it, not as a toast', async (status, msg) => {
    signIn();
    stubTrialServer(codes(), () => ({ status, msg, data: null }));
    const { queryClient } = renderInApp(<TrialPage />, { path: '/activity' });
    const userCheckKey = [...USER_CHECK_KEY, ME, 'secret'];
    queryClient.setQueryData(userCheckKey, { user_address: ME, end_flag: 0, identity: '0', before_ens: null });
    await userEvent.type(await screen.findByRole('textbox'), 'ZZZZZZZZZZ');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect((await screen.findByRole('alert')).textContent).toBe(msg);
    expect(toastStore.getState().toast).toBeNull();
    expect(queryClient.getQueryState(userCheckKey)?.isInvalidated).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows an expired trial with the way to the plans, in both languages', async () => {
    signIn();
    stubTrialServer(codes({ trial: { started_at: ENDS_AT - 604_800, ends_at: ENDS_AT, ended: true } }));
    renderInApp(<TrialPage />, { path: '/activity' });
    const standing = await screen.findByRole('status');
    expect(standing.textContent).toContain('Your trial has expired');
    expect(within(standing).getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/plans');
    expect(screen.queryByRole('textbox')).toBeNull();
    await act(() => i18n.changeLanguage('zh'));
    expect(screen.getByRole('status').textContent).toContain('你的试用已过期');
  });

  it('shows a running trial with its end', async () => {
    signIn();
    stubTrialServer(codes({ trial: { started_at: ENDS_AT - 604_800, ends_at: ENDS_AT, ended: false } }));
    renderInApp(<TrialPage />, { path: '/activity' });
    expect((await screen.findByRole('status')).textContent).toContain('Trial until 2026-12-03 09:30');
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('/activity for a member', () => {
  const list: TrialCodesData['list'] = [
    { code: 'AAAA222222', created_at: ENDS_AT, status: TRIAL_CODE_STATUS.unused, redeemed_at: null },
    { code: 'BBBB333333', created_at: ENDS_AT, status: TRIAL_CODE_STATUS.usedNotSubscribed, redeemed_at: ENDS_AT },
    { code: 'CCCC444444', created_at: ENDS_AT, status: TRIAL_CODE_STATUS.usedSubscribed, redeemed_at: ENDS_AT },
    { code: 'DDDD555555', created_at: ENDS_AT, status: TRIAL_CODE_STATUS.used, redeemed_at: ENDS_AT },
  ];

  it('lists the codes with their statuses and the hint that they are for friends who are not members', async () => {
    signIn();
    stubTrialServer(codes({ member: true, issued_this_month: 1, list }));
    renderInApp(<TrialPage />, { path: '/activity' });
    const rows = (await screen.findAllByTestId('trial-code-row')) as HTMLTableRowElement[];
    expect(
      rows.map((row) => [row.cells[0]!.textContent, row.cells[1]!.textContent, row.cells[2]!.textContent]),
    ).toEqual([
      ['AAAA222222', '2026-12-03 09:30', 'Unused'],
      ['BBBB333333', '2026-12-03 09:30', 'Used – not subscribed'],
      ['CCCC444444', '2026-12-03 09:30', 'Used – subscribed'],
      ['DDDD555555', '2026-12-03 09:30', 'Used'],
    ]);
    expect(screen.getByTestId('trial-issued').textContent).toBe('1 of 3 this month');
    expect(screen.getByText(/Codes are for friends who are not members/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    await act(() => i18n.changeLanguage('zh'));
    expect(screen.getAllByTestId('trial-code-status').map((cell) => cell.textContent)).toEqual([
      '未使用',
      '已使用 – 未订阅',
      '已使用 – 已订阅',
      '已使用',
    ]);
  });

  it('gets a new code, which the list then shows', async () => {
    signIn();
    const fetchSpy = stubTrialServer(codes({ member: true, issued_this_month: 2, list: list.slice(0, 2) }));
    renderInApp(<TrialPage />, { path: '/activity' });
    await userEvent.click(await screen.findByRole('button', { name: 'Get a code' }));
    await waitFor(() => expect(screen.getAllByTestId('trial-code-row')).toHaveLength(3));
    expect(screen.getAllByTestId('trial-code-row')[0]!.textContent).toContain('NEWCODE2XY');
    expect(callsTo(fetchSpy, '/api/codes/trial', 'POST')).toBe(1);
    // That was the month's third: no fourth.
    expect(screen.getByTestId('trial-issued').textContent).toBe('3 of 3 this month');
    expect(screen.getByRole('button', { name: 'Get a code' })).toHaveProperty('disabled', true);
  });

  it("disables 'Get a code' at 3 of 3 and says why", async () => {
    signIn();
    const fetchSpy = stubTrialServer(codes({ member: true, issued_this_month: 3, list: list.slice(0, 3) }));
    renderInApp(<TrialPage />, { path: '/activity' });
    const button = await screen.findByRole('button', { name: 'Get a code' });
    expect(button).toHaveProperty('disabled', true);
    const reason = document.getElementById(button.getAttribute('aria-describedby')!);
    expect(reason?.textContent).toBe('You have received your 3 codes for this month. New ones come on the 1st (UTC).');
    await userEvent.click(button);
    expect(callsTo(fetchSpy, '/api/codes/trial', 'POST')).toBe(0);
  });
});
