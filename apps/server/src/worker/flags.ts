import { flagTokens } from '../modules/collection/flags';
import type { Job } from './job';

/** Marks the reported tokens flagged as soon as the indexer has their rows (the devnet's list; none elsewhere). */
export const flagsJob: Job = {
  name: 'flags',
  schedule: { everySeconds: 5 },
  run: ({ db, flagged }) => flagTokens(db, flagged),
};
