import type { NoticeData } from '@floordesk/protocol';
import { apiClient } from '../../../lib/api-client';

/** Step one of sign-in: the EIP-4361 notice the wallet will sign. */
export function requestNotice(address: string): Promise<NoticeData> {
  return apiClient.call('authNotice', { body: { address } });
}
