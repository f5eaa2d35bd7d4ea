import type { SweepOrderData } from '@floordesk/protocol';
import { apiClient } from '../../../lib/api-client';

/** Tells the server which transaction the wallet sent for a quote (spec §7 addorder). */
export function recordSweep(id: string, txHash: string): Promise<SweepOrderData> {
  return apiClient.call('sweepRecord', { body: { id, tx_hash: txHash }, hideErr: true });
}
