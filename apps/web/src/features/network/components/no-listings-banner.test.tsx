import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { devnetConfig } from '../../../test/app-config';
import { ok, renderInApp, stubApi } from '../../../test/render-in-app';
import { NoListingsBanner } from './no-listings-banner';

function withListingsFrom(source: 'devnet' | 'marketplace_apis' | 'none') {
  stubApi((url) => (url.pathname === '/api/app/config' ? ok({ ...devnetConfig, listings_source: source }) : ok(null)));
}

afterEach(async () => {
  cleanup();
  sessionStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

describe('the no-listings banner', () => {
  it('says why the book is empty on a server that reads no marketplace, in the trader’s language', async () => {
    withListingsFrom('none');
    renderInApp(<NoListingsBanner />);
    expect((await screen.findByTestId('no-listings-banner')).textContent).toContain(
      'No marketplace API key is set here',
    );
    await act(() => i18n.changeLanguage('zh'));
    await waitFor(() => expect(screen.getByTestId('no-listings-banner').textContent).toContain('未设置市场 API 密钥'));
  });

  it('stays away once dismissed, for the rest of the visit', async () => {
    withListingsFrom('none');
    const first = renderInApp(<NoListingsBanner />);
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('no-listings-banner')).toBeNull();
    first.unmount();
    renderInApp(<NoListingsBanner />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('no-listings-banner')).toBeNull();
  });

  it.each(['devnet', 'marketplace_apis'] as const)('is not shown when listings come from %s', async (source) => {
    withListingsFrom(source);
    const { queryClient } = renderInApp(<NoListingsBanner />);
    await waitFor(() => expect(queryClient.getQueryData(['app-config'])).toBeDefined());
    expect(screen.queryByTestId('no-listings-banner')).toBeNull();
  });
});
