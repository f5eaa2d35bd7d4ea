import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toastStore } from '../../../components/ui/toast/toast-store';
import { sessionStore } from '../../../stores/session-store';
import { bodiesSentTo, ok, renderInApp, stubApi } from '../../../test/render-in-app';
import { closeLoginPrompt, loginPromptStore } from '../../../stores/login-prompt-store';
import { watchlistRow } from '../test-fixtures';
import { FollowButton } from './follow-button';

const apes = '0x5fbdb2315678afecb367f032d93f642f64180aa3';

/** A server holding one user's watchlist: follow and unfollow change it, the watchlist call reads it. */
function stubWatchlistServer(followed: string[] = []) {
  const watched = new Set(followed);
  let answerFollow: ((envelope: unknown) => void) | undefined;
  const fetchSpy = stubApi((url, init) => {
    if (url.pathname === '/api/watchlist') {
      return ok({
        window: Number(url.searchParams.get('window')),
        list: [...watched].map((address) => watchlistRow(address)),
      });
    }
    // Like the server: any case in, lowercase stored and answered.
    const address = (JSON.parse(String(init?.body)) as { address: string }).address.toLowerCase();
    if (url.pathname === '/api/watchlist/follow') {
      // Held until the test answers, to look at the button while the call is pending.
      return new Promise((resolve) => {
        answerFollow = (envelope) => {
          watched.add(address);
          resolve(envelope);
        };
      });
    }
    watched.delete(address);
    return ok({ address, followed: false });
  });
  return { fetchSpy, answerFollow: (envelope: unknown) => act(() => answerFollow!(envelope)) };
}

const star = () => screen.getByRole('button', { name: 'Follow collection' });

function signIn() {
  sessionStore.getState().signIn({ token: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', sign_num: 'secret' });
}

afterEach(() => {
  sessionStore.getState().clear();
  closeLoginPrompt();
  toastStore.getState().dismiss();
});

describe('follow button', () => {
  it('asks a visitor to sign in and calls nothing', async () => {
    const { fetchSpy } = stubWatchlistServer();
    renderInApp(<FollowButton address={apes} />);
    await userEvent.click(star());
    expect(loginPromptStore.getState().open).toBe(true);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(star().getAttribute('aria-pressed')).toBe('false');
  });

  it('follows a collection once, however often it is clicked while pending, and then shows it followed', async () => {
    signIn();
    const { fetchSpy, answerFollow } = stubWatchlistServer();
    renderInApp(<FollowButton address={apes} />);
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    await userEvent.click(star());
    await userEvent.click(star());
    await userEvent.click(star());
    expect(star().getAttribute('aria-disabled')).toBe('true');
    answerFollow(ok({ address: apes, followed: true }));

    await waitFor(() => expect(star().getAttribute('aria-pressed')).toBe('true'));
    expect(bodiesSentTo(fetchSpy, '/api/watchlist/follow')).toEqual([{ address: apes }]);
    expect(star().getAttribute('aria-disabled')).toBe('false');
  });

  it('unfollows a followed collection', async () => {
    signIn();
    const { fetchSpy } = stubWatchlistServer([apes]);
    renderInApp(<FollowButton address={apes.toUpperCase().replace('0X', '0x')} />);
    await waitFor(() => expect(star().getAttribute('aria-pressed')).toBe('true'));
    await userEvent.click(star());
    await waitFor(() => expect(star().getAttribute('aria-pressed')).toBe('false'));
    expect(bodiesSentTo(fetchSpy, '/api/watchlist/unfollow')).toHaveLength(1);
    expect(bodiesSentTo(fetchSpy, '/api/watchlist/follow')).toEqual([]);
  });

  it("shows the server's refusal and then the watchlist's truth", async () => {
    signIn();
    const { answerFollow } = stubWatchlistServer();
    renderInApp(<FollowButton address={apes} />);
    await userEvent.click(star());
    answerFollow({ status: 1302, msg: 'You already follow this collection.', data: null });
    await waitFor(() => expect(toastStore.getState().toast?.message).toBe('You already follow this collection.'));
    // The refusal said it is followed; the refreshed watchlist agrees.
    await waitFor(() => expect(star().getAttribute('aria-pressed')).toBe('true'));
  });
});
