import { z } from 'zod';
import { UintString } from './market';
import { Address } from './primitives';
import type { Lang } from './status';

/** Ours: how often metadata may be refreshed, enforced by the server; the refusals (2001–2003) name these numbers. */
export const METADATA_REFRESH_LIMITS = {
  /** Refreshes one user may ask for in any hour. */
  perUserPerHour: 20,
  /** A whole collection at most this often, whoever asks. */
  collectionEverySeconds: 600,
  /** One token at most this often, a refresh of its whole collection included. */
  tokenEverySeconds: 60,
} as const;

/** The original app's answer to setRefresh. */
export const METADATA_REFRESH_STARTED: Record<Lang, string> = {
  en: 'Metadata refreshing is running in the background.',
  zh: '元数据正在后台刷新。',
};

/** Ask the worker to fetch a collection's metadata again: one token, or every token when `token_id` is left out. */
export const MetadataRefreshRequest = z.object({
  address: Address,
  token_id: UintString.optional(),
});
export type MetadataRefreshRequest = z.infer<typeof MetadataRefreshRequest>;

export const MetadataRefreshData = z.object({
  /** 'Metadata refreshing is running in the background.', in the caller's language. */
  message: z.string(),
});
export type MetadataRefreshData = z.infer<typeof MetadataRefreshData>;
