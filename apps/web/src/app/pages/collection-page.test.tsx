import { Status } from '@floordesk/protocol';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../routes';
import { i18n } from '../../lib/i18n';
import { ok, stubApi } from '../../test/render-in-app';
import { APES, collectionDetail, listingRow, NOW, trade } from '../../test/collection-fixtures';

// Other features' parts and the canvas chart are not what these tests are about.
vi.mock('../../features/watchlist/components/follow-button', () => ({ FollowButton: () => null }));
vi.mock('../../features/collection/components/floor-chart', () => ({ default: () => <p>floor chart</p> }));

function serveCollection(detail: unknown = ok(collectionDetail())) {
  return stubApi((url) => {
    switch (url.pathname) {
      case '/api/collection':
        return detail;
      case '/api/collection/listings':
        return ok({ list: [listingRow(1)] });
      case '/api/collection/trades':
        return ok({ list: [trade(100)] });
      case '/api/collection/floor-history':
        return ok({ range: '1d', list: [] });
      case '/api/collection/holders':
        return ok({ owners: 1, list: [] });
      default:
        return ok(null);
    }
  });
}

/** Opens `path` (a route of the app's table, `:id` filled in) through the page its route entry loads. */
async function openPage(path: string, id = APES) {
  const route = appRoutes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no app route ${path}`);
  const { default: Page } = await route.page();
  const router = createMemoryRouter([{ path, Component: Page }], { initialEntries: [path.replace(':id', id)] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

function sectionNames(): (string | null)[] {
  return screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'));
}

function pretendPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (media) =>
      ({
        matches: false,
        media,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

function statValue(label: string): string | null {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;
}

describe('collection page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  });

  afterEach(async () => {
    vi.useRealTimers();
    await act(() => i18n.changeLanguage('en'));
  });

  it.each([
    ['/collection/:id', ['Listings', 'Trades', 'Floor history', 'Holders']],
    ['/collection/:id/summary', ['Trades', 'Listings', 'Floor history', 'Holders']],
    ['/collectiontest/:id', ['Listings', 'Trades']],
    ['/collectiontest9/:id', ['Listings']],
    ['/collectiontest10/:id', ['Trades']],
  ])('%s shows its sections side by side on a desktop, in order: %j', async (path, sections) => {
    serveCollection();
    await openPage(path);
    expect(await screen.findByRole('heading', { name: /Devnet Apes/ })).toBeTruthy();
    expect(sectionNames()).toEqual(sections);
  });

  it('puts the sections behind tabs on a phone, the layout’s first one open', async () => {
    pretendPhone();
    serveCollection();
    await openPage('/collection/:id/summary');
    await screen.findByRole('heading', { name: /Devnet Apes/ });

    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Trades', 'Listings', 'Floor history', 'Holders']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(sectionNames()).toEqual(['Trades']);

    await userEvent.click(screen.getByRole('tab', { name: 'Holders' }));
    expect(sectionNames()).toEqual(['Holders']);
  });

  it('opens on the day’s trades, volume and floor change, and switches window', async () => {
    serveCollection();
    await openPage('/collection/:id');
    await screen.findByRole('heading', { name: /Devnet Apes/ });
    expect(statValue('Floor')).toBe('1.2340 ETH');
    expect(statValue('Listed')).toBe('250 2.50%');
    expect(statValue('Supply')).toBe('10,000');
    expect(statValue('Trades')).toBe('1,440');
    expect(statValue('Floor change')).toBe('-3.5%');

    const windows = screen.getByRole('group', { name: 'Window' });
    await userEvent.click(within(windows).getByRole('button', { name: '15m' }));
    expect(statValue('Trades')).toBe('15');
    expect(statValue('Volume (ETH)')).toBe('15.00');
    expect(statValue('Floor change')).toBe('+1.25%');
  });

  it('says a collection FloorDesk does not know is not found, and asks nothing more about it', async () => {
    const fetch = serveCollection({ status: Status.CollectionUnknown, msg: 'Collection not found.', data: null });
    await openPage('/collection/:id');
    expect(await screen.findByRole('heading', { name: 'Collection not found' })).toBeTruthy();
    expect(screen.getByText(`FloorDesk does not track a collection at ${APES}.`)).toBeTruthy();
    const paths = fetch.mock.calls.map(([input]) => new URL(String(input), window.location.origin).pathname);
    // The refusal itself is reported to the server; no other section of the page is asked for.
    expect(paths.filter((path) => path !== '/api/client/errors')).toEqual(['/api/collection']);
  });

  it('says a malformed id is not a collection address without calling the server, in Chinese too', async () => {
    const fetch = serveCollection();
    await act(() => i18n.changeLanguage('zh'));
    await openPage('/collectiontest9/:id', 'punks');
    expect(await screen.findByRole('heading', { name: '未找到该合集' })).toBeTruthy();
    expect(screen.getByText('“punks”不是合集地址。')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
