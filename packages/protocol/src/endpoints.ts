import { z } from 'zod';
import { AppConfigData } from './app';
import { PostListingData, PostListingRequest } from './market';
import { LoginData, LoginRequest, NoticeData, NoticeRequest } from './auth';
import { UserCheckData } from './user';

export type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: `/api/${string}`;
  /** Needs `Authorization: Bearer <sign_num>` and `X-Address`; otherwise status 110. */
  auth: boolean;
  summary: string;
  tags: readonly string[];
  body?: z.ZodType;
  query?: z.ZodType;
  data: z.ZodType;
};

/**
 * Every API call, once: the server registers its routes from these, the web client is typed by them and
 * `/api/openapi.json` is generated from them.
 */
export const endpoints = {
  appConfig: {
    method: 'GET',
    path: '/api/app/config',
    auth: false,
    summary: 'Public run-time configuration (chain, version)',
    tags: ['app'],
    data: AppConfigData,
  },
  authNotice: {
    method: 'POST',
    path: '/api/auth/notice',
    auth: false,
    summary: 'Issue an EIP-4361 sign-in notice with a single-use nonce (10 minutes)',
    tags: ['auth'],
    body: NoticeRequest,
    data: NoticeData,
  },
  authLogin: {
    method: 'POST',
    path: '/api/auth/login',
    auth: false,
    summary: 'Verify the signed notice and open a session',
    tags: ['auth'],
    body: LoginRequest,
    data: LoginData,
  },
  authLogout: {
    method: 'POST',
    path: '/api/auth/logout',
    auth: true,
    summary: 'Revoke the current session',
    tags: ['auth'],
    data: z.null(),
  },
  postListing: {
    method: 'POST',
    path: '/api/orders/listings',
    auth: false,
    summary: 'Submit a signed Seaport listing to the order book (marketplace connectors; the signature is the proof)',
    tags: ['orders'],
    body: PostListingRequest,
    data: PostListingData,
  },
  userCheck: {
    method: 'GET',
    path: '/api/user/check',
    auth: true,
    summary: 'Subscription flag, identity and ENS name of the signed-in user',
    tags: ['user'],
    data: UserCheckData,
  },
} as const satisfies Record<string, Endpoint>;

export type EndpointBody<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
export type EndpointQuery<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
export type EndpointData<E extends Endpoint> = z.output<E['data']>;
