import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { closeLoginPrompt, loginPromptStore } from '../../../stores/login-prompt-store';
import { sessionStore } from '../../../stores/session-store';
import { ok, renderInApp, stubApi } from '../../../test/render-in-app';
import HomePage from './home-page';

afterEach(() => {
  sessionStore.getState().clear();
  closeLoginPrompt();
});

function stubSummary() {
  return stubApi(() =>
    ok({
      sales_24h: 1234,
      volume_24h: '56780000000000000000',
      listings: 321,
      collections: 13,
      block_number: 4567,
    }),
  );
}

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/home', () => {
  it("shows a visitor the market's figures and the way to sign in", async () => {
    stubSummary();
    renderInApp(<HomePage />, { path: '/home' });
    expect(await screen.findByText('1,234')).toBeTruthy();
    expect(figure('Volume, 24 h')).toBe('56.78 ETH');
    expect(figure('Active listings')).toBe('321');
    expect(figure('Collections tracked')).toBe('13');
    expect(figure('Latest block')).toBe('#4,567');
    expect(screen.getByRole('link', { name: /Floor history/ }).getAttribute('href')).toBe('/historic');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(loginPromptStore.getState().open).toBe(true);
  });

  it('offers a signed-in user Trending instead of signing in', async () => {
    sessionStore.getState().signIn({ token: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', sign_num: 'secret' });
    stubSummary();
    renderInApp(<HomePage />, { path: '/home' });
    expect((await screen.findByRole('link', { name: 'Open Trending' })).getAttribute('href')).toBe('/trending');
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });
});
