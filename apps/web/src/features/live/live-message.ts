import { LIVE_MESSAGE, type LiveMessage, NOTIFICATION_TYPES, type NotificationItem } from '@floordesk/protocol';

const isText = (value: unknown): value is string | null => value === null || typeof value === 'string';

function isItem(value: unknown): value is NotificationItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.id === 'string' &&
    (NOTIFICATION_TYPES as unknown[]).includes(item.type) &&
    typeof item.create_time === 'number' &&
    ['title', 'des', 'qb_address', 'ens', 'c_address', 'c_name', 'img', 'token_id', 'price', 'profit', 'tx_hash'].every(
      (field) => isText(item[field]),
    )
  );
}

/**
 * A message from the user's topic, or undefined when it is not one we know: a broker or a bug may send anything,
 * and nothing it sends may break the page. Items of a known message that are malformed are left out.
 */
export function parseLiveMessage(payload: string): LiveMessage | undefined {
  let message: unknown;
  try {
    message = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof message !== 'object' || message === null) return undefined;
  const { type, data, ids } = message as Record<string, unknown>;
  if (type === LIVE_MESSAGE.events && Array.isArray(data)) return { type, data: data.filter(isItem) };
  if (type === LIVE_MESSAGE.drop && Array.isArray(ids)) {
    return { type, ids: ids.filter((id): id is string => typeof id === 'string') };
  }
  return undefined;
}
