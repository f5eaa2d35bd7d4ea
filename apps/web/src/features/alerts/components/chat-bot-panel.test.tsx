import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../stores/session-store';
import { renderInApp } from '../../../test/render-in-app';
import { CHAT_TEST_PASSED_KEY } from '../constants';
import { CHAT_ID, chatSettings, localDateTime, postedTo, signIn, stubAlertServer } from '../test-fixtures';
import { ChatBotPanel } from './chat-bot-panel';

const OTHER_ID = '987654321098765432';

function renderPanel() {
  const onNotice = vi.fn<(message: string) => void>();
  const view = renderInApp(<ChatBotPanel onNotice={onNotice} />, { path: '/trending' });
  return { ...view, onNotice };
}

const idInput = () => screen.getByRole('textbox', { name: 'Chat user ID' });
const testButton = () => screen.queryByRole('button', { name: 'Test' });

beforeEach(() => signIn());
afterEach(async () => {
  sessionStore.getState().clear();
  await act(() => i18n.changeLanguage('en'));
});

describe('the chat-bot setup', () => {
  it('offers Test only for the saved id, unchanged, and hides it once the test passed', async () => {
    const { fetchSpy } = stubAlertServer({ chat: chatSettings({ chat_id: '', test_time: 0 }) });
    const { onNotice } = renderPanel();
    await screen.findByRole('textbox', { name: 'Chat user ID' });
    expect(testButton()).toHaveProperty('disabled', true);
    expect(screen.getByText('Test becomes available once your ID is saved.')).toBeTruthy();

    await userEvent.type(idInput(), CHAT_ID);
    expect(testButton()).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(testButton()).toHaveProperty('disabled', false));
    expect(postedTo(fetchSpy, '/api/alerts/chat')).toEqual([{ chat_id: CHAT_ID }]);
    expect(onNotice).toHaveBeenLastCalledWith('Chat user ID linked.');
    expect(screen.queryByTestId('chat-test-success')).toBeNull();

    // A changed id must be saved before it can be tested; typing the saved one back offers Test again.
    await userEvent.type(idInput(), '9');
    expect(testButton()).toHaveProperty('disabled', true);
    await userEvent.type(idInput(), '{Backspace}');
    expect(testButton()).toHaveProperty('disabled', false);

    await userEvent.click(testButton()!);
    await waitFor(() => expect(testButton()).toBeNull());
    expect(postedTo(fetchSpy, '/api/alerts/chat/test')).toHaveLength(1);
    expect(onNotice).toHaveBeenLastCalledWith('Test DM sent.');
    expect(screen.getByTestId('chat-test-success').textContent).toBe(`Test Success${localDateTime(1_764_200_000)}`);
    expect(localStorage.getItem(CHAT_TEST_PASSED_KEY)).toBe(CHAT_ID);
  });

  it('remembers a passed test across visits, and offers Test again after a new id is saved', async () => {
    localStorage.setItem(CHAT_TEST_PASSED_KEY, CHAT_ID);
    stubAlertServer({ chat: chatSettings() });
    renderPanel();
    await screen.findByRole('textbox', { name: 'Chat user ID' });
    expect(idInput()).toHaveProperty('value', CHAT_ID);
    expect(testButton()).toBeNull();
    expect(screen.getByTestId('chat-test-success').textContent).toBe(`Test Success${localDateTime(1_764_000_000)}`);

    await userEvent.clear(idInput());
    await userEvent.type(idInput(), OTHER_ID);
    expect(testButton()).toBeNull();
    expect(screen.queryByTestId('chat-test-success')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(testButton()).toHaveProperty('disabled', false));
  });

  it('warns that alerts are paused and offers Test again when the bot cannot DM any more', async () => {
    localStorage.setItem(CHAT_TEST_PASSED_KEY, CHAT_ID);
    stubAlertServer({ chat: chatSettings({ reachable: false }) });
    renderPanel();
    expect((await screen.findByTestId('chat-unreachable')).textContent).toContain('your alerts are paused');
    expect(testButton()).toHaveProperty('disabled', false);
    expect(screen.queryByTestId('chat-test-success')).toBeNull();
  });

  it('validates before saving or testing, in the interface language', async () => {
    await act(() => i18n.changeLanguage('zh'));
    const { fetchSpy } = stubAlertServer({ chat: chatSettings({ chat_id: '', test_time: 0 }) });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: '保存' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入你的聊天用户 ID');
    await userEvent.type(screen.getByRole('textbox', { name: '聊天用户 ID' }), '12345');
    expect(screen.getByRole('alert').textContent).toBe(
      '聊天用户 ID 是 17 到 20 位数字：请运行 /my-id 并粘贴机器人的回复。',
    );
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(postedTo(fetchSpy, '/api/alerts/chat')).toEqual([]);
  });

  it("says 'Please input your chat user ID' for an empty id", async () => {
    stubAlertServer({ chat: chatSettings({ chat_id: '', test_time: 0 }) });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('Please input your chat user ID');
  });

  it('copies the command with a click and says so; the invite leads to the chat server', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    stubAlertServer();
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Copy the command /my-id' }));
    expect(writeText).toHaveBeenCalledWith('/my-id');
    expect(screen.getByTestId('chat-command-copied').textContent).toBe(
      'Copied /my-id: paste it in the bot-alert channel.',
    );
    const invite = screen.getByRole('link', { name: 'Join the chat server' });
    expect(invite.getAttribute('href')).toBe('https://discord.gg/floordesk');
  });

  it("links the devnet's chat page when the invite is that page", async () => {
    stubAlertServer({ chat: chatSettings({ discord_url: 'http://localhost:8080/devnet-chat' }) });
    renderPanel();
    const invite = await screen.findByRole('link', { name: 'Open Devnet chat' });
    expect(invite.getAttribute('href')).toBe('http://localhost:8080/devnet-chat');
    expect(invite.getAttribute('target')).toBe('_blank');
  });
});
