import { type ChatBot, ChatRefusal } from '../../chat/chat-bot';
import type { Executor } from '../../db/pool';
import { type ChatLinkRow, updateChatLink } from './store';

/** A DM that could not be delivered, and why: the user closed their DMs, or no chat user has the id. */
export type ChatSent = { ok: true; messageId: string } | { ok: false; reason: 'unreachable' | 'unknown_user' };

/**
 * Sends one DM over a user's chat link: the test and every alert go through here. The DM channel is opened once and
 * kept on the link; if the service forgot it, it is opened again once. A refusal to DM the user marks the link
 * unreachable (their alerts wait until a test passes). Anything else the service answered is thrown, for the caller
 * to retry: the nonce makes a retry return the message already posted instead of a second one.
 */
export async function sendOverChat(
  db: Executor,
  bot: ChatBot,
  link: ChatLinkRow,
  content: string,
  nonce: string,
): Promise<ChatSent> {
  const open = async (): Promise<string> => {
    const channelId = await bot.openDm(link.chatId);
    await updateChatLink(db, link.userAddress, link.chatId, { dmChannelId: channelId });
    return channelId;
  };
  try {
    let channelId = link.dmChannelId ?? (await open());
    try {
      return { ok: true, messageId: (await bot.sendMessage(channelId, content, nonce)).id };
    } catch (error) {
      if (!(error instanceof ChatRefusal && error.reason === 'unknown_channel')) throw error;
      channelId = await open();
      return { ok: true, messageId: (await bot.sendMessage(channelId, content, nonce)).id };
    }
  } catch (error) {
    if (!(error instanceof ChatRefusal) || error.reason === 'unknown_channel') throw error;
    if (error.reason === 'unreachable') {
      await updateChatLink(db, link.userAddress, link.chatId, { reachable: false });
    }
    return { ok: false, reason: error.reason };
  }
}
