import { fillCollectionInfo, fillTokenMetadata } from '../chain/metadata';
import type { Job } from './job';

/**
 * Collection info, then token metadata (which waits for its collection's standard): new tokens, reveals and the
 * retries metadata.ts backs off per token. Every second, so a reveal on the devnet shows within seconds.
 */
export const metadataJob: Job = {
  name: 'metadata',
  schedule: { everySeconds: 1 },
  async run({ db, chain, now, fetchUri }) {
    const collections = await fillCollectionInfo({ db, chain, fetchUri });
    const tokens = await fillTokenMetadata({ db, chain, now, fetchUri });
    return { collections, tokens };
  },
};
