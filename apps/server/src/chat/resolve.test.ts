import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { resolveChat } from './resolve';

const KEY = 'ab'.repeat(32);
const local = {
  apiUrl: 'http://127.0.0.1:9/api',
  botToken: 'devnet.token',
  publicKeyHex: 'cd'.repeat(32),
  inviteUrl: 'http://127.0.0.1:8080/devnet-chat',
};

describe('resolveChat', () => {
  it("takes Discord's settings when a bot token is set, even beside the devnet's chat service", () => {
    const config = loadConfig({
      DISCORD_BOT_TOKEN: 'real-token',
      DISCORD_PUBLIC_KEY: KEY.toUpperCase(),
      DISCORD_INVITE_URL: 'https://discord.gg/floordesk',
    });
    const chat = resolveChat(config, local);
    expect(chat.bot).toBeDefined();
    expect(chat).toMatchObject({ publicKey: KEY, inviteUrl: 'https://discord.gg/floordesk' });
  });

  it("takes the devnet's chat service without a token", () => {
    const chat = resolveChat(loadConfig({ DISCORD_PUBLIC_KEY: KEY }), local);
    expect(chat.bot).toBeDefined();
    expect(chat).toMatchObject({ publicKey: local.publicKeyHex, inviteUrl: local.inviteUrl });
  });

  it('has no bot without a token or a devnet, but still a configured key for /my-id', () => {
    expect(resolveChat(loadConfig({}))).toEqual({ bot: undefined, publicKey: undefined, inviteUrl: '' });
    expect(resolveChat(loadConfig({ DISCORD_PUBLIC_KEY: KEY }))).toEqual({
      bot: undefined,
      publicKey: KEY,
      inviteUrl: '',
    });
  });
});
