import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDate } from '../../../lib/dates';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../stores/session-store';
import { renderInApp } from '../../../test/render-in-app';
import { finney, ME, ok, payment, stubBillingApi, subscriptionData } from '../test-fixtures';
import VerificationPage from './verification-page';

const OTHER_TX = `0x${'cd'.repeat(32)}`;

beforeEach(() => sessionStore.getState().signIn({ token: ME, sign_num: 'secret' }));
afterEach(async () => {
  sessionStore.getState().clear();
  await act(() => i18n.changeLanguage('en'));
});

describe('/verification', () => {
  it('lists the payments on record with their confirmations, the grants and the end', async () => {
    const end = 1_770_000_000;
    stubBillingApi({
      '/api/app/config': ok({ chain_id: 31337, chain_name: 'FloorDesk devnet', devnet_wallet: true, version: 'test' }),
      '/api/subscription': ok(
        subscriptionData({
          end_flag: end,
          confirmations: 12,
          payments: [
            payment({ confirmations: 40, credited: true, block_number: 1_234_567 }),
            payment({ tx_hash: OTHER_TX, plan: 1, price: finney(30), confirmations: 4, credited: false }),
          ],
          grants: [
            { kind: 'trial', at: 1_740_000_000, days: 7, ends_at: 1_740_604_800 },
            { kind: 'payment', at: 1_750_000_000, days: 180, ends_at: 1_765_552_000 },
            { kind: 'invitation', at: 1_760_000_000, days: 30, ends_at: end },
          ],
        }),
      ),
    });
    renderInApp(<VerificationPage />, { path: '/verification' });
    const rows = await screen.findAllByTestId('payment-row');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment verification');
    expect(screen.getByTestId('membership-end').textContent).toBe(
      `Membership ends ${formatDate(end, 'YYYY-MM-DD HH:mm')}`,
    );
    expect(screen.getByTestId('confirmation-rule').textContent).toBe(
      'A payment counts once it has 12 confirmations; if the chain drops its block, it is removed from this record.',
    );

    const first = within(rows[0]!);
    expect(first.getByText('Half year')).toBeTruthy();
    expect(first.getByText('0.1500')).toBeTruthy();
    expect(first.getByText('0xaba…abab')).toBeTruthy();
    expect(first.getByText('#1,234,567')).toBeTruthy();
    // Confirmations beyond those needed read as all of them.
    expect(first.getByTestId('payment-confirmations').textContent).toBe('12/12');
    expect(first.getByTestId('payment-status').textContent).toBe('Credited');
    const second = within(rows[1]!);
    expect(second.getByTestId('payment-confirmations').textContent).toBe('4/12');
    expect(second.getByTestId('payment-status').textContent).toBe('Pending');
    expect(second.getByRole('button', { name: 'Copy' })).toBeTruthy();

    const grants = screen.getAllByTestId('grant').map((grant) => grant.textContent);
    expect(grants).toEqual([
      `${formatDate(1_740_000_000, 'YYYY-MM-DD HH:mm')}Trial+7 daysthen ends ${formatDate(1_740_604_800, 'YYYY-MM-DD HH:mm')}`,
      `${formatDate(1_750_000_000, 'YYYY-MM-DD HH:mm')}Payment+180 daysthen ends ${formatDate(1_765_552_000, 'YYYY-MM-DD HH:mm')}`,
      `${formatDate(1_760_000_000, 'YYYY-MM-DD HH:mm')}Invitation bonus+30 daysthen ends ${formatDate(end, 'YYYY-MM-DD HH:mm')}`,
    ]);
  });

  it('says when nothing is on record, and leads to the plans', async () => {
    stubBillingApi({ '/api/subscription': ok(subscriptionData({ confirmations: 1 })) });
    renderInApp(<VerificationPage />, { path: '/verification' });
    expect((await screen.findByTestId('payments-empty')).textContent).toContain('No payments on record yet.');
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/plans');
    expect(screen.getByTestId('membership-end').textContent).toBe('No membership running now.');
    expect(screen.getByTestId('confirmation-rule').textContent).toMatch(
      /^A payment counts once it has 1 confirmation;/,
    );
    expect(screen.queryByTestId('grants')).toBeNull();
  });

  it('speaks Chinese', async () => {
    await act(() => i18n.changeLanguage('zh'));
    stubBillingApi({ '/api/subscription': ok(subscriptionData({ payments: [payment({ credited: true })] })) });
    renderInApp(<VerificationPage />, { path: '/verification' });
    const row = within(await screen.findByTestId('payment-row'));
    expect(row.getByTestId('payment-status').textContent).toBe('已计入');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('付款核验');
    expect(screen.getByTestId('confirmation-rule').textContent).toContain('3 个区块确认');
  });
});
