import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../stores/session-store';
import { ok, renderInApp, stubApi } from '../../../test/render-in-app';
import { AccountMenu } from './account-menu';

const ME = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const GUIDE = { en: '/guide/en', zh: '/guide/zh' };

function serveLinks(links: { how_to_use: { en: string; zh: string }; chat: string; social: string }) {
  stubApi((url) => {
    if (url.pathname === '/api/app/config') {
      return ok({ chain_id: 31337, chain_name: 'Devnet', devnet_wallet: true, version: 'test', links });
    }
    throw new Error(`unexpected call ${url.pathname}`);
  });
}

async function openMenu() {
  sessionStore.getState().signIn({ token: ME, sign_num: 'secret' });
  renderInApp(<AccountMenu address={ME} />, { path: '/trending' });
  await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
  return screen.findByRole('menu');
}

const linkTo = (menu: HTMLElement, name: string) =>
  within(menu)
    .queryAllByRole('menuitem')
    .find((item) => item.textContent === name)
    ?.getAttribute('href');

afterEach(async () => {
  sessionStore.getState().clear();
  await act(() => i18n.changeLanguage('en'));
});

describe('the account menu', () => {
  it('leads HOW TO USE, Discord and X where the server is configured to, in the reader’s language', async () => {
    serveLinks({
      how_to_use: { en: 'https://docs.example/en', zh: 'https://docs.example/zh' },
      chat: 'https://discord.gg/example',
      social: 'https://x.com/example',
    });
    const menu = await openMenu();
    expect(await within(menu).findByText('Discord')).toBeTruthy();
    expect(linkTo(menu, 'HOW TO USE')).toBe('https://docs.example/en');
    expect(linkTo(menu, 'Discord')).toBe('https://discord.gg/example');
    expect(linkTo(menu, 'X (Twitter)')).toBe('https://x.com/example');

    await act(() => i18n.changeLanguage('zh'));
    expect(linkTo(menu, '使用指南')).toBe('https://docs.example/zh');
  });

  it('hides Discord and X when the server has none, and opens the guide it serves', async () => {
    serveLinks({ how_to_use: GUIDE, chat: '', social: '' });
    const menu = await openMenu();
    expect(await within(menu).findByText('HOW TO USE')).toBeTruthy();
    expect(linkTo(menu, 'HOW TO USE')).toBe('/guide/en');
    expect(within(menu).queryByText('Discord')).toBeNull();
    expect(within(menu).queryByText('X (Twitter)')).toBeNull();
  });
});
