import { apiClient } from '../../../lib/api-client';
import { type SweepOrder, sweepOrderOf } from './sweep-order';

/** Tells the server which transaction the wallet sent for a quote (the original app's addorder). */
export async function recordSweep(id: string, txHash: string): Promise<SweepOrder> {
  return sweepOrderOf(await apiClient.call('sweepRecord', { body: { id, tx_hash: txHash }, hideErr: true }));
}
