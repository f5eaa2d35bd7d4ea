import { randomUUID } from 'node:crypto';
import {
  ALERT_FAMILY_LABELS,
  ALERT_LIMITS,
  type AlertDetail,
  type AlertDetailData,
  type AlertInput,
  type AlertListData,
  type AlertRule,
  alertFamily,
  alertProblems,
  type ChatSettingsData,
  chatIdProblem,
  ethTextToWei,
  type Lang,
  MY_ID_COMMAND,
  normalizeAddress,
  Status,
} from '@floordesk/protocol';
import type { ResolvedChat } from '../../chat/resolve';
import type { AppContext } from '../../context';
import { ok, refuse, type Result } from '../../result';
import { unixSeconds } from '../../time';
import { collectionCard } from '../collection/service';
import { lockUser } from '../user/service';
import { sendOverChat } from './chat';
import { chatMessages } from './messages';
import {
  type AlertRow,
  type AlertValues,
  chatLink,
  countAlerts,
  deleteAlert as deleteAlertRow,
  insertAlert,
  saveChatLink,
  setChatLanguage,
  updateAlert,
  updateChatLink,
  userAlert,
  userAlerts,
} from './store';

export async function alertList(ctx: AppContext, user: string, lang: Lang): Promise<AlertListData> {
  const rows = await userAlerts(ctx.db, user);
  const collections = [...new Set(rows.flatMap((row) => (row.collection ? [row.collection] : [])))];
  const cards = new Map(
    await Promise.all(collections.map(async (address) => [address, await collectionCard(ctx, address)] as const)),
  );
  return {
    list: rows.map((row) => ({
      ...alertInfo(row, row.collection ? cards.get(row.collection) : undefined),
      txt: ALERT_FAMILY_LABELS[alertFamily(row.type)][lang],
    })),
    limit: ALERT_LIMITS.perUser,
  };
}

/** Refusal: 1811 when the caller has no alert with that id (another user's included). */
export async function alertDetail(ctx: AppContext, user: string, id: number): Promise<Result<AlertDetailData>> {
  const row = await userAlert(ctx.db, user, id);
  if (!row) return refuse(Status.AlertNotFound);
  const card = row.collection ? await collectionCard(ctx, row.collection) : undefined;
  return ok({ info: alertInfo(row, card) });
}

/** An alert as the list and the form read it, with its collection's name and image when it watches one. */
function alertInfo(row: AlertRow, card: { name: string | null; image: string | null } | undefined): AlertDetail {
  return {
    ...row.rule,
    id: row.id,
    title: row.title,
    enabled: row.enabled,
    dm_limit: row.dmLimit,
    coll_name: card?.name ?? null,
    coll_img: card?.image ?? null,
    create_time: unixSeconds(row.createdAt),
  } as AlertDetail;
}

/**
 * Creates (no id) or replaces one of the caller's alerts. Refusals: the first of its field problems (the rules the
 * form shows too), 1301 a collection FloorDesk does not index, 1812 a 51st alert, 1811 an id that is not theirs.
 * DMs are written in the language of the caller's last save.
 */
export async function saveAlert(
  ctx: AppContext,
  user: string,
  input: AlertInput,
  lang: Lang,
): Promise<Result<{ id: number }>> {
  const [problem] = alertProblems(input, unixSeconds(ctx.now()));
  if (problem) return refuse(problem.status);
  const values = alertValues(input);
  if (values.collection !== null && !(await collectionCard(ctx, values.collection))) {
    return refuse(Status.CollectionUnknown);
  }
  const at = ctx.now();
  return ctx.db.transaction(async (tx): Promise<Result<{ id: number }>> => {
    await setChatLanguage(tx, user, lang);
    if (input.id !== undefined) {
      return (await updateAlert(tx, user, input.id, values, at)) ? ok({ id: input.id }) : refuse(Status.AlertNotFound);
    }
    // Two creates at the limit would otherwise both count 49 and both insert.
    await lockUser(tx, user);
    if ((await countAlerts(tx, user)) >= ALERT_LIMITS.perUser) return refuse(Status.AlertLimit);
    return ok({ id: await insertAlert(tx, user, values, at) });
  });
}

/** Refusal: 1811 when the caller has no alert with that id; nothing is changed then. */
export async function removeAlert(ctx: AppContext, user: string, id: number): Promise<Result<Record<string, never>>> {
  return (await deleteAlertRow(ctx.db, user, id)) ? ok({}) : refuse(Status.AlertNotFound);
}

/** `chat` says where the community is (the invite); without a bot there is none. */
export async function chatSettings(
  ctx: AppContext,
  chat: ResolvedChat | undefined,
  user: string,
): Promise<ChatSettingsData> {
  const link = await chatLink(ctx.db, user);
  return {
    chat_id: link?.chatId ?? '',
    test_time: link?.testedAt ? unixSeconds(link.testedAt) : 0,
    reachable: link?.reachable ?? true,
    discord_url: chat?.inviteUrl ?? '',
    command: `/${MY_ID_COMMAND}`,
  };
}

/** Refusals: 1821 an empty id, 1822 one that is not a chat user id. */
export async function saveChatId(
  ctx: AppContext,
  chat: ResolvedChat | undefined,
  user: string,
  chatId: string,
  lang: Lang,
): Promise<Result<ChatSettingsData>> {
  const problem = chatIdProblem(chatId);
  if (problem) return refuse(problem);
  await saveChatLink(ctx.db, user, chatId.trim(), lang, ctx.now());
  return ok(await chatSettings(ctx, chat, user));
}

/**
 * Sends a test DM to the linked chat user. Success records its time and makes the link reachable again (paused
 * alerts resume). Refusals: 1827 no bot on this server, 1823 no saved id, 1824 the user does not accept the bot's
 * DMs, 1825 no such chat user, 1826 the service failed.
 */
export async function testChat(
  ctx: AppContext,
  chat: ResolvedChat | undefined,
  user: string,
  lang: Lang,
): Promise<Result<ChatSettingsData>> {
  const bot = chat?.bot;
  if (!bot) return refuse(Status.ChatDisabled);
  const link = await chatLink(ctx.db, user);
  if (!link) return refuse(Status.ChatNotLinked);
  const at = ctx.now();
  let sent;
  try {
    // A fresh nonce: every press of Test is a message of its own.
    sent = await sendOverChat(ctx.db, bot, link, chatMessages[lang].test(at), `t${randomUUID().slice(0, 23)}`);
  } catch {
    return refuse(Status.ChatUnavailable);
  }
  if (!sent.ok) return refuse(sent.reason === 'unreachable' ? Status.ChatUnreachable : Status.ChatUnknownUser);
  await updateChatLink(ctx.db, user, link.chatId, { testedAt: at, reachable: true, lang });
  return ok(await chatSettings(ctx, chat, user));
}

/** How an input is stored: text trimmed, addresses lowercased, prices as typed but trimmed. */
function alertValues(input: AlertInput): AlertValues {
  const { id: _id, title, enabled, dm_limit, ...rest } = input;
  const rule = normalizeRule(rest as AlertRule);
  return {
    type: input.type,
    title: title.trim(),
    enabled,
    dmLimit: dm_limit,
    collection: 'address' in rule ? rule.address : null,
    rule,
  };
}

function normalizeRule(rule: AlertRule): AlertRule {
  if ('address' in rule) rule = { ...rule, address: normalizeAddress(rule.address.trim()) };
  if ('price_list' in rule) {
    // Stored as typed (the form shows them back), and in the order of their value, which is how DMs list them.
    const prices = rule.price_list.map((price) => price.trim());
    prices.sort((a, b) => ((ethTextToWei(a) ?? 0n) < (ethTextToWei(b) ?? 0n) ? -1 : 1));
    rule = { ...rule, price_list: prices };
  }
  if ('qb_address2' in rule) {
    rule = {
      ...rule,
      qb_address2: rule.qb_address2.map((wallet) => ({
        address: normalizeAddress(wallet.address.trim()),
        nickname: wallet.nickname.trim(),
      })),
    };
  }
  return rule;
}

export { evaluateAlerts, PassMemory } from './evaluate';
export { TrendWindows } from './trend-windows';
export { deliverFiring } from './deliver';
