import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test/render-in-app';
import { TopMenu } from './top-menu';

function viewport(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (media) =>
      ({
        matches: width >= Number(/min-width: (\d+)px/.exec(media)?.[1] ?? 0),
        media,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

const REACHABLE = [
  '/home',
  '/trending',
  '/wallet',
  '/discover',
  '/rarityHome',
  '/holding',
  '/historic',
  '/protfolio',
  '/listings',
  '/plans',
];

const hrefs = (links: HTMLElement[]) => links.map((link) => new URL(link.getAttribute('href')!, 'http://x').pathname);

afterEach(() => vi.restoreAllMocks());

describe('the top menu', () => {
  it('reaches every page of the app, the less used ones under More on a wide screen', async () => {
    viewport(1440);
    renderInApp(<TopMenu />, { path: '/trending' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const inline = hrefs(within(nav).getAllByRole('link'));
    await userEvent.click(await within(nav).findByRole('button', { name: 'More' }));
    const more = hrefs(within(await screen.findByRole('menu')).getAllByRole('menuitem'));
    expect([...inline, ...more].toSorted()).toEqual(REACHABLE.toSorted());
    expect(more.toSorted()).toEqual(['/holding', '/home', '/listings', '/wallet']);
  });

  it('lists them all in the menu on a narrow screen', async () => {
    viewport(390);
    renderInApp(<TopMenu />, { path: '/trending' });
    await userEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    const items = hrefs(within(await screen.findByRole('menu')).getAllByRole('menuitem'));
    expect(items.toSorted()).toEqual(REACHABLE.toSorted());
  });
});
