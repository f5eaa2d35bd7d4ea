import type { Diagnostics } from '@floordesk/protocol';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import DiagnosticsPage from './components/diagnostics-page';

const NOW = new Date('2025-03-01T12:00:00Z');
const now = NOW.getTime() / 1000;
const apes = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const punks = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';

function diagnostics(overrides: Partial<Diagnostics> = {}): Diagnostics {
  return {
    chain_id: 31337,
    head: { number: 1250, hash: `0xab12${'0'.repeat(56)}cd34`, timestamp: now - 3 },
    cursor: { number: 1247, hash: `0x${'1'.repeat(64)}`, timestamp: now - 9 },
    lag_blocks: 3,
    sales: 842,
    transfers: 3120,
    listings: 57,
    pending: 2,
    collections: 6,
    online_users: 4,
    connectors: [],
    simulator: {
      state: 'running',
      bots: 12,
      rate_per_min: 30,
      actions: { mint: 300, list: 120, buy: 40, sweep: 5 },
      hot_collection: apes,
      last_action_at: new Date(NOW.getTime() - 1000).toISOString(),
    },
    recent_sales: [
      {
        collection: apes,
        name: 'Devnet Apes',
        token_id: '42',
        price_wei: '1234567890000000000',
        marketplace: 'opensea',
        block_number: 1249,
        tx_hash: `0x${'a'.repeat(64)}`,
        timestamp: now - 120,
      },
      {
        collection: punks,
        name: null,
        token_id: '7',
        price_wei: '50000000000000',
        marketplace: null,
        block_number: 1248,
        tx_hash: `0x${'b'.repeat(64)}`,
        timestamp: now - 20,
      },
    ],
    ...overrides,
  };
}

function answer(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

type Respond = () => Promise<Response>;

/** Stubs fetch: each response once, in order, then the last one for every later poll. */
function serve(...responses: Respond[]) {
  const fetch = vi.fn<Respond>(responses.at(-1));
  for (const response of responses.slice(0, -1)) fetch.mockImplementationOnce(response);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderPage() {
  // A bare client: polling and retries are the query's own options.
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <DiagnosticsPage />
    </QueryClientProvider>,
  );
}

function stat(label: string): HTMLElement {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
}

function valueOf(label: string): string | null {
  return stat(label).textContent;
}

describe('diagnostics page', () => {
  beforeEach(() => {
    // Only the clock is fake: polling and Testing Library's waits keep real timers.
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  });

  afterEach(async () => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('reads /api/diagnostics and shows the chain, the totals and the simulator', async () => {
    const fetch = serve(async () => answer(diagnostics()));
    renderPage();

    await screen.findByText('Devnet Apes');
    expect(fetch).toHaveBeenCalledWith('/api/diagnostics', expect.anything());
    expect(valueOf('Chain ID')).toBe('31337');
    const head = within(stat('Head'));
    for (const text of ['#1250', '0xab1…cd34', '3s']) {
      expect(head.getByText(text)).toBeTruthy();
    }
    expect(valueOf('Indexer cursor')).toBe('#1247');
    expect(valueOf('Lag (blocks)')).toBe('3');
    expect(valueOf('Sales')).toBe('842');
    expect(valueOf('Transfers')).toBe('3120');
    expect(valueOf('Active listings')).toBe('57');
    expect(valueOf('Pending fills')).toBe('2');
    expect(valueOf('Collections')).toBe('6');
    expect(valueOf('Users online')).toBe('4');
    expect(valueOf('State')).toBe('running');
    expect(valueOf('Bots')).toBe('12');
    expect(valueOf('Rate')).toBe('30/min');
    expect(valueOf('Hot collection')).toBe('0x5fb…0aa3');
    expect(valueOf('Last action')).toBe('1s');
    expect([...stat('Actions').children].map((kind) => kind.textContent)).toEqual([
      'Buy 40',
      'List 120',
      'Mint 300',
      'Sweep 5',
    ]);
  });

  it('lists recent sales with the price in ETH to four decimals', async () => {
    serve(async () => answer(diagnostics()));
    renderPage();

    const named = within((await screen.findByText('Devnet Apes')).closest('tr')!);
    for (const text of ['#42', '1.2346', 'OpenSea', '1249', '2m']) {
      expect(named.getByText(text)).toBeTruthy();
    }

    const unnamed = within(screen.getByText('0xe7f…0512').closest('tr')!);
    for (const text of ['#7', '0.0001', '—', '1248', '20s']) {
      expect(unnamed.getByText(text)).toBeTruthy();
    }
  });

  it('says so when there are no sales yet', async () => {
    serve(async () => answer(diagnostics({ recent_sales: [] })));
    renderPage();
    expect(await screen.findByText('No sales yet')).toBeTruthy();
  });

  it('shows a loading text until the first answer', () => {
    serve(() => new Promise<Response>(() => {}));
    renderPage();
    expect(screen.getByText('Loading…')).toBeTruthy();
  });

  it('flags the indexer as behind only when it lags more than 5 blocks', async () => {
    serve(async () => answer(diagnostics({ lag_blocks: 5 })));
    const { unmount } = renderPage();
    await screen.findByText('Devnet Apes');
    expect(screen.queryByText('behind')).toBeNull();
    unmount();

    serve(async () => answer(diagnostics({ lag_blocks: 6 })));
    renderPage();
    expect(await screen.findByText('behind')).toBeTruthy();
    expect(within(stat('Lag (blocks)')).getByText('6')).toBeTruthy();
  });

  it('reports a failed poll and recovers on the next one', async () => {
    serve(
      () => Promise.reject(new TypeError('Failed to fetch')),
      async () => answer(diagnostics()),
    );
    renderPage();

    expect((await screen.findByRole('alert')).textContent).toBe('Cannot reach the server. Retrying every 2 s…');
    await screen.findByText('Devnet Apes', {}, { timeout: 3000 });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells an HTTP failure from an answer it cannot read', async () => {
    serve(async () => new Response('busy', { status: 503 }));
    const { unmount } = renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('The server answered HTTP 503. Retrying every 2 s…');
    unmount();

    const page = '<!doctype html><title>FloorDesk</title>';
    serve(async () => new Response(page, { headers: { 'content-type': 'text/html' } }));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The server sent diagnostics this page cannot read. Retrying every 2 s…',
    );
  });

  it('speaks Chinese when the language is zh', async () => {
    await act(() => i18n.changeLanguage('zh'));
    serve(async () => answer(diagnostics()));
    renderPage();

    await screen.findByText('Devnet Apes');
    expect(screen.getByRole('heading', { name: '数据测试' })).toBeTruthy();
    expect(within(stat('最新区块')).getByText('3秒')).toBeTruthy();
    expect(valueOf('状态')).toBe('运行中');
    expect(valueOf('频率')).toBe('30 次/分钟');
    expect(screen.getByText('价格（ETH）')).toBeTruthy();
    expect(screen.getByText('2分')).toBeTruthy();
    expect(valueOf('操作')).toBe('购买 40挂单 120铸造 300扫货 5');
    expect(screen.getByText('OpenSea')).toBeTruthy();
  });

  it('names an action it has no words for as the simulator does', async () => {
    const simulator = { ...diagnostics().simulator, actions: { list: 3, airdrop: 1 } };
    serve(async () => answer(diagnostics({ simulator })));
    renderPage();
    await screen.findByText('Devnet Apes');
    expect(valueOf('Actions')).toBe('airdrop 1List 3');
  });

  it('reports a failed poll in Chinese', async () => {
    await act(() => i18n.changeLanguage('zh'));
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('无法连接服务器，每 2 秒重试…');
  });
});
