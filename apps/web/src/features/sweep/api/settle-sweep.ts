import { apiClient } from '../../../lib/api-client';
import { type SweepOrder, sweepOrderOf } from './sweep-order';

/** Asks the server to read the sweep's receipt: pending until it is in, then what each item came to. */
export async function settleSweep(id: string): Promise<SweepOrder> {
  return sweepOrderOf(await apiClient.call('sweepSettle', { body: { id }, hideErr: true }));
}
