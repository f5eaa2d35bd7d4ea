import { NOTIFICATION_TYPE, type NotificationItem } from '@floordesk/protocol';

/** A Sold notification of token `id` as the server sends it; `overrides` change any field. */
export function notificationItem(id: number, overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id: String(id),
    type: NOTIFICATION_TYPE.sold,
    title: null,
    des: null,
    qb_address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
    ens: null,
    c_address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
    c_name: 'Moonlit Foxes',
    img: null,
    token_id: String(id),
    price: '300000000000000000',
    profit: '227500000000000000',
    tx_hash: null,
    create_time: 1_900_000_000,
    ...overrides,
  };
}
