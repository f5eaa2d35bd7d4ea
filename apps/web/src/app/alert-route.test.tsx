import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AlertDialog } from '../features/alerts/components/alert-dialog';
import { signIn, stubAlertServer } from '../features/alerts/test-fixtures';
import { alertDialogStore, closeAlertDialog, useAlertDialog } from '../stores/alert-dialog-store';
import { sessionStore } from '../stores/session-store';
import { renderInApp } from '../test/render-in-app';
import { appRoutes } from './routes';

/** The dialog as the account menu mounts it, bound to the shared store. */
function MenuDialog() {
  const { open } = useAlertDialog();
  return <AlertDialog open={open} onOpenChange={(next) => (next ? undefined : closeAlertDialog())} />;
}

afterEach(() => {
  act(() => closeAlertDialog());
  sessionStore.getState().clear();
});

describe('/alert', () => {
  it('opens the Alert dialog on its list, and offers to open it again once closed', async () => {
    signIn();
    stubAlertServer();
    const route = appRoutes.find((candidate) => candidate.path === '/alert')!;
    const { default: Page } = await route.page();
    renderInApp(
      <>
        <Page />
        <MenuDialog />
      </>,
      { path: '/alert' },
    );
    const dialog = await screen.findByRole('dialog', { name: /Alert/ });
    expect(await within(dialog).findByText(/No alerts yet/)).toBeTruthy();
    expect(screen.queryByText('Coming soon')).toBeNull();

    await userEvent.keyboard('{Escape}');
    expect(alertDialogStore.getState().open).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Open alerts' }));
    expect(await screen.findByRole('dialog', { name: /Alert/ })).toBeTruthy();
  });
});
