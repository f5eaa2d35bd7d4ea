import type { SweepQuoteData, SweepQuoteRequest } from '@floordesk/protocol';
import { apiClient } from '../../../lib/api-client';

/**
 * The server plans, simulates and prices the sweep and answers the transaction to send. Its refusals (premium,
 * no order, higher than expected…) are shown in the sweep modal rather than as toasts.
 */
export function quoteSweep(body: SweepQuoteRequest): Promise<SweepQuoteData> {
  return apiClient.call('sweepQuote', { body, hideErr: true });
}
