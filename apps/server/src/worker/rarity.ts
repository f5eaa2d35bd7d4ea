import { rankStaleCollections } from '../modules/collection/rarity';
import type { Job } from './job';

/** Ranks the collections whose traits changed once all their metadata is in (a reveal ranks within seconds). */
export const rarityJob: Job = {
  name: 'rarity',
  schedule: { everySeconds: 2 },
  run: ({ db }) => rankStaleCollections(db),
};
