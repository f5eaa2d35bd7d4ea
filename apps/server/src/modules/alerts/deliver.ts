import { sql } from 'drizzle-orm';
import type { ChatBot } from '../../chat/chat-bot';
import type { Executor } from '../../db/pool';
import { postUserNotice } from '../notifications/service';
import { sendOverChat } from './chat';
import { chatMessages } from './messages';
import { chatLink, updateChatLink } from './store';

export type DeliveryOutcome = 'sent' | 'already done' | 'gone' | 'dropped' | 'unreachable';

/**
 * Sends one queued firing as a DM: its job runs this, again after a failure or a crash. Safe to repeat: a firing
 * already sent is left alone, and one sent just before a crash (not yet marked) is sent again with the same nonce,
 * which the chat service answers with the message it already has. A firing whose block left the chain, or whose
 * user's link no longer takes DMs, is dropped. When the service refuses to DM the user, the link is marked
 * unreachable (their alerts pause) and the user is told in the app. Other failures throw, for the job to retry.
 */
export async function deliverFiring(
  db: Executor,
  bot: ChatBot | undefined,
  deliveryId: number,
  now: Date,
): Promise<DeliveryOutcome> {
  const { rows } = await db.execute<{
    status: string;
    content: string;
    orphaned: boolean;
    enabled: boolean;
    user_address: string;
  }>(sql`
    select d.status, d.content, a.enabled, d.user_address,
           exists (select 1 from chain_blocks b where b.number = d.block_number and b.hash <> d.block_hash) as orphaned
      from alert_deliveries d join alerts a on a.id = d.alert_id
     where d.id = ${deliveryId}`);
  const row = rows[0];
  if (!row) return 'gone';
  if (row.status !== 'queued') return 'already done';
  const link = await chatLink(db, row.user_address);
  if (row.orphaned || !bot || !row.enabled || !link?.reachable) {
    await setStatus(db, deliveryId, 'dropped');
    return 'dropped';
  }
  const sent = await sendOverChat(db, bot, link, row.content, `a${deliveryId}`);
  if (sent.ok) {
    await db.execute(sql`
      update alert_deliveries set status = 'sent', sent_at = ${now}, message_id = ${sent.messageId} where id = ${deliveryId}`);
    return 'sent';
  }
  await setStatus(db, deliveryId, 'unreachable');
  // Closed DMs marked the link already (sendOverChat). An id no chat user has any more breaks it as surely: both
  // wait for a passing test.
  if (sent.reason === 'unknown_user') await updateChatLink(db, link.userAddress, link.chatId, { reachable: false });
  const notice = chatMessages[link.lang].paused;
  await postUserNotice(db, link.userAddress, {
    ...notice,
    // Once per link and test: a pause after the user fixed it and tested again is news again.
    source: `chat-paused:${link.chatId}:${link.testedAt?.getTime() ?? 'untested'}`,
    at: now,
  });
  return 'unreachable';
}

async function setStatus(db: Executor, id: number, status: 'dropped' | 'unreachable'): Promise<void> {
  await db.execute(sql`update alert_deliveries set status = ${status} where id = ${id} and status = 'queued'`);
}
