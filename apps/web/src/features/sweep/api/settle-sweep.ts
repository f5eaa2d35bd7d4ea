import type { SweepOrderData } from '@floordesk/protocol';
import { apiClient } from '../../../lib/api-client';

/** Asks the server to read the sweep's receipt: flag 0 while it is pending, then what each item came to. */
export function settleSweep(id: string): Promise<SweepOrderData> {
  return apiClient.call('sweepSettle', { body: { id }, hideErr: true });
}
