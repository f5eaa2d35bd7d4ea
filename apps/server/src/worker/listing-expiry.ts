import { expireListings } from '../market/listings/lifecycle';
import type { Job } from './job';

/**
 * Ends listings whose time is up and refreshes their floors. Reads of fillable listings already leave them out
 * from their end time on; this keeps statuses and the floors in the rollups in step within seconds.
 */
export const listingExpiryJob: Job = {
  name: 'listing-expiry',
  schedule: { everySeconds: 1 },
  run: ({ db, now }) => expireListings(db, now()),
};
