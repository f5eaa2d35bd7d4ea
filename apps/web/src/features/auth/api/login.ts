import type { LoginData, LoginRequest } from '@floordesk/protocol';
import { apiClient } from '../../../lib/api-client';

/** Step two of sign-in: trade the signed notice for a session. */
export function login(request: LoginRequest): Promise<LoginData> {
  return apiClient.call('authLogin', { body: request });
}
