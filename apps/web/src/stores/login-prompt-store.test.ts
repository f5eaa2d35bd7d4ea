import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from './session-store';
import { closeLoginPrompt, loginPromptStore, requireLogin } from './login-prompt-store';

afterEach(() => {
  closeLoginPrompt();
  sessionStore.getState().clear();
});

describe('requireLogin', () => {
  it('lets a signed-in user through without a prompt', () => {
    sessionStore.getState().signIn({ token: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', sign_num: 'secret' });
    expect(requireLogin()).toBe(true);
    expect(loginPromptStore.getState().open).toBe(false);
  });

  it('stops a visitor and shows the sign-in prompt', () => {
    expect(requireLogin()).toBe(false);
    expect(loginPromptStore.getState().open).toBe(true);
  });
});
