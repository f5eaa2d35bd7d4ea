import { SEARCH_QUERY_MAX, type SearchResult } from '@floordesk/protocol';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toastStore } from '../../../components/ui/toast/toast-store';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../stores/session-store';
import { ok, renderInApp, stubApi } from '../../../test/render-in-app';
import { searchHitOf } from '../api/search-collections';
import { RECENT_SEARCHES_KEY, recentSearchesStore } from '../recent-searches-store';
import { SEARCH_DEBOUNCE_MS, SearchBox } from './search-box';

const apes: SearchResult = {
  address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  name: 'Devnet Apes',
  img: null,
  sr_status: 1,
  count: 1234,
  type: '721',
};
const punks: SearchResult = {
  ...apes,
  address: '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512',
  name: 'Devnet Punks',
  sr_status: 0,
  count: 1,
};
const kitties: SearchResult = {
  ...apes,
  address: '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0',
  name: 'Devnet Kitties',
  count: null,
};

/** Answers every search with `results`, recording the searched texts. */
function stubSearch(results: SearchResult[] = [apes, punks, kitties]) {
  const searched: string[] = [];
  const fetchSpy = stubApi((url) => {
    searched.push(url.searchParams.get('q')!);
    return ok({ list: results });
  });
  return { searched, fetchSpy };
}

/** What a screen reader reads: the text without decorative (aria-hidden) parts such as the image's initial. */
function spokenText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent ?? '';
}

const box = () => screen.getByRole('combobox');
const optionNames = () => screen.queryAllByRole('option').map(spokenText);
const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

/** Renders the box on the app route at `path` and searches "devnet" until the three results are listed. */
async function searchDevnet(path?: string) {
  stubSearch();
  const view = renderInApp(<SearchBox />, { path });
  await userEvent.type(box(), 'devnet');
  await screen.findAllByRole('option');
  return view;
}

afterEach(async () => {
  recentSearchesStore.setState({ entries: [] });
  sessionStore.getState().clear();
  await i18n.changeLanguage('en');
});

describe('search box: what gets searched', () => {
  it('asks for key words when submitted empty', async () => {
    const { fetchSpy } = stubSearch();
    renderInApp(<SearchBox />);
    await userEvent.type(screen.getByPlaceholderText('Search by address or name'), '   {Enter}');
    expect(toastStore.getState().toast?.message).toBe('Please enter correct key words.');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('waits for typing to pause, then searches once for the final text', async () => {
    const { searched } = stubSearch();
    renderInApp(<SearchBox />);
    await userEvent.type(box(), 'devnet a');
    expect(searched).toEqual([]);
    expect(await screen.findAllByRole('option')).toHaveLength(3);
    expect(searched).toEqual(['devnet a']);
  });

  it("makes no call for a box holding only spaces or text with '@'", async () => {
    const { fetchSpy } = stubSearch();
    renderInApp(<SearchBox />);
    await userEvent.type(box(), '   ');
    await pause(SEARCH_DEBOUNCE_MS + 100);
    await userEvent.clear(box());
    await userEvent.type(box(), 'me@mail');
    await pause(SEARCH_DEBOUNCE_MS + 100);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it("clears shown results at once when '@' is typed, without a new call", async () => {
    const { searched } = stubSearch();
    renderInApp(<SearchBox />);
    await userEvent.type(box(), 'apes');
    await screen.findAllByRole('option');
    await userEvent.type(box(), '@');
    expect(screen.queryAllByRole('option')).toEqual([]);
    await pause(SEARCH_DEBOUNCE_MS + 100);
    expect(searched).toEqual(['apes']);
  });

  it(`stops the text at ${SEARCH_QUERY_MAX} characters`, async () => {
    stubSearch();
    renderInApp(<SearchBox />);
    await userEvent.click(box());
    await userEvent.paste('x'.repeat(SEARCH_QUERY_MAX + 20));
    expect(box()).toHaveProperty('value', 'x'.repeat(SEARCH_QUERY_MAX));
  });

  it('cancels a search that newer typing replaced and never shows its late answer', async () => {
    const answers = new Map<string, (body: unknown) => void>();
    const fetchSpy = stubApi((url) => new Promise((resolve) => answers.set(url.searchParams.get('q')!, resolve)));
    renderInApp(<SearchBox />);
    await userEvent.type(box(), 'dev');
    await waitFor(() => expect(answers.has('dev')).toBe(true));
    await userEvent.type(box(), 'net');
    await waitFor(() => expect(answers.has('devnet')).toBe(true));

    expect(fetchSpy.mock.calls[0]![1]?.signal?.aborted).toBe(true);
    act(() => answers.get('devnet')!(ok({ list: [punks] })));
    await screen.findByRole('option', { name: /Devnet Punks/ });
    act(() => answers.get('dev')!(ok({ list: [apes] })));
    await pause(20);
    expect(optionNames()).toEqual([expect.stringContaining('Devnet Punks')]);
  });
});

describe('search box: results', () => {
  it('shows each result with its name, verified mark, short address and item count', async () => {
    stubSearch();
    renderInApp(<SearchBox />);
    await userEvent.type(box(), 'devnet');
    const [first, second, third] = await screen.findAllByRole('option');
    expect(spokenText(first!)).toBe('Devnet ApesVerified0x5fb…0aa31,234 items');
    expect(spokenText(second!)).toBe('Devnet Punks0xe7f…05121 item');
    expect(spokenText(third!)).toBe('Devnet KittiesVerified0x9fe…a6e0');
  });

  it('counts items in Chinese', async () => {
    await i18n.changeLanguage('zh');
    stubSearch([apes]);
    renderInApp(<SearchBox />);
    await userEvent.type(box(), 'devnet');
    expect(spokenText(await screen.findByRole('option'))).toBe('Devnet Apes已认证0x5fb…0aa31,234 件');
  });

  it('says so when nothing matches', async () => {
    stubSearch([]);
    renderInApp(<SearchBox />);
    await userEvent.type(box(), 'zzz');
    expect(await screen.findByText('No collection matches “zzz”')).toBeTruthy();
  });

  it('says so when the search fails', async () => {
    stubApi(() => ({ status: 400, msg: 'Wrong input.', data: null }));
    renderInApp(<SearchBox />);
    await userEvent.type(box(), 'apes');
    expect(await screen.findByText('Search failed. Please try again.')).toBeTruthy();
  });

  it('offers a follow star on each result to a signed-in user only', async () => {
    stubSearch([apes]);
    const visitor = renderInApp(<SearchBox />);
    await userEvent.type(box(), 'apes');
    expect(within(await screen.findByRole('option')).queryByRole('button')).toBeNull();
    visitor.unmount();

    sessionStore.getState().signIn({ token: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', sign_num: 'secret' });
    renderInApp(<SearchBox />);
    await userEvent.type(box(), 'apes');
    expect(within(await screen.findByRole('option')).getByRole('button', { name: 'Follow collection' })).toBeTruthy();
  });
});

describe('search box: keyboard and opening', () => {
  it('opens the result picked with the arrow keys and Enter, from trending as its summary page', async () => {
    const { router } = await searchDevnet('/trending');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(box().getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe(`/collection/${punks.address}/summary`);
  });

  it('wraps from the first result up to the last', async () => {
    const { router } = await searchDevnet('/home');
    await userEvent.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    expect(router.state.location.pathname).toBe(`/collection/${kitties.address}`);
  });

  it('opens the best match on Enter once the results are in', async () => {
    const { router } = await searchDevnet('/home');
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe(`/collection/${apes.address}`);
  });

  it('closes the list on Escape', async () => {
    await searchDevnet();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('saves an opened result as the newest recent search', async () => {
    stubSearch();
    recentSearchesStore.getState().add(searchHitOf(apes));
    renderInApp(<SearchBox />, { path: '/home' });
    await userEvent.type(box(), 'devnet');
    await userEvent.click(await screen.findByRole('option', { name: /Devnet Punks/ }));
    const stored = JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY)!) as { address: string; is_close: number }[];
    expect(stored.map((entry) => [entry.address, entry.is_close])).toEqual([
      [punks.address, 1],
      [apes.address, 1],
    ]);
  });
});

describe('search box: recent searches', () => {
  it('lists recent searches when the empty box is focused and opens one with the keyboard', async () => {
    const { fetchSpy } = stubSearch();
    recentSearchesStore.getState().add(searchHitOf(apes));
    recentSearchesStore.getState().add(searchHitOf(punks));
    const { router } = renderInApp(<SearchBox />, { path: '/home' });
    await userEvent.click(box());
    expect(screen.getByRole('listbox', { name: 'Recent searches' })).toBeTruthy();
    expect(optionNames()).toEqual([expect.stringMatching(/^Devnet Punks/), expect.stringMatching(/^Devnet Apes/)]);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(router.state.location.pathname).toBe(`/collection/${apes.address}`);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('removes one recent search without opening it', async () => {
    recentSearchesStore.getState().add(searchHitOf(apes));
    recentSearchesStore.getState().add(searchHitOf(punks));
    const { router } = renderInApp(<SearchBox />, { path: '/home' });
    await userEvent.click(box());
    await userEvent.click(screen.getByRole('button', { name: 'Remove Devnet Punks from recent searches' }));
    expect(optionNames()).toEqual([expect.stringContaining('Devnet Apes')]);
    expect(JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY)!)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/home');
    expect(document.activeElement).toBe(box());
  });
});
