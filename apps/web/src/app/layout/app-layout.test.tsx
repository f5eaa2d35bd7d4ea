import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../stores/session-store';
import { ok, stubApi } from '../../test/render-in-app';
import { appRoutes } from '../routes';
import { AppLayout } from './app-layout';
import { panelsStore, setPanelOpen } from '../../stores/panels-store';

// The wallet-bound parts of the layout are not under test here.
vi.mock('./header/header', () => ({ Header: () => null }));
vi.mock('../../features/auth/components/session-monitor', () => ({ SessionMonitor: () => null }));
vi.mock('../../features/network/components/wrong-network-banner', () => ({ WrongNetworkBanner: () => null }));

function renderAt(path: string) {
  const pages = ['/trending', '/collection/:id', '/my'].map((pattern) => ({
    path: pattern,
    handle: { route: appRoutes.find((route) => route.path === pattern)! },
    element: <p>{pattern}</p>,
  }));
  const router = createMemoryRouter([{ Component: AppLayout, children: pages }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('app layout', () => {
  beforeEach(() => {
    // One answer that reads as trending, watchlist, calendar and gas price alike.
    stubApi(() => ok({ window: 15, list: [], as_of: 0, gas_price: 1, eth_price: null, block_number: 1 }));
    sessionStore.getState().signIn({ token: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', sign_num: 'secret' });
  });

  afterEach(() => {
    cleanup();
    panelsStore.setState({ open: null });
    sessionStore.getState().clear();
  });

  it('shows the bottom bar only on routes flagged showBar', async () => {
    const router = renderAt('/trending');
    expect(await screen.findByRole('region', { name: 'Market bar' })).toBeTruthy();
    await act(() => router.navigate('/my'));
    expect(screen.queryByRole('region', { name: 'Market bar' })).toBeNull();
  });

  it('closes an open panel when the route changes', async () => {
    const router = renderAt('/trending');
    await screen.findByText('/trending');
    act(() => setPanelOpen('trending', true));
    expect(await screen.findByRole('dialog', { name: 'Trending' })).toBeTruthy();

    await act(() => router.navigate('/collection/0x5fbdb2315678afecb367f032d93f642f64180aa3'));
    expect(panelsStore.getState().open).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Trending' })).toBeNull());
  });

  it('closes the calendar when the route changes', async () => {
    const router = renderAt('/trending');
    await screen.findByText('/trending');
    act(() => setPanelOpen('calendar', true));
    expect(await screen.findByRole('dialog', { name: 'Mint calendar' })).toBeTruthy();

    await act(() => router.navigate('/my'));
    expect(panelsStore.getState().open).toBeNull();
  });

  it('shows the sweep controls on collection pages only, for the collection of the route', async () => {
    const router = renderAt('/trending');
    const bar = within(await screen.findByRole('region', { name: 'Market bar' }));
    expect(await bar.findByRole('group', { name: 'Gas presets' })).toBeTruthy();
    expect(bar.queryByRole('group', { name: 'Sweep' })).toBeNull();

    await act(() => router.navigate('/collection/0x5fbdb2315678afecb367f032d93f642f64180aa3'));
    expect(await bar.findByRole('group', { name: 'Sweep' })).toBeTruthy();
  });

  it('closes the gas settings when the route changes', async () => {
    const router = renderAt('/trending');
    await screen.findByText('/trending');
    act(() => setPanelOpen('gas', true));
    expect(await screen.findByRole('dialog', { name: 'Custom Gas Fee settings' })).toBeTruthy();

    await act(() => router.navigate('/my'));
    expect(panelsStore.getState().open).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Custom Gas Fee settings' })).toBeNull());
  });
});
