import type { SubscriptionData } from '@floordesk/protocol';

/** A subscription answer: nobody subscribed, unless `overrides` says otherwise. */
export function subscriptionData(overrides: Partial<SubscriptionData> = {}): SubscriptionData {
  return {
    end_flag: 0,
    identity: '0',
    granted: false,
    trial: null,
    payments: [],
    grants: [],
    confirmations: 3,
    ...overrides,
  };
}
