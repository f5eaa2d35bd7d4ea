import { HISTORIC_MAX_COLLECTIONS } from '@floordesk/protocol';

/**
 * One colour per line, in the order collections are shown: distinct on the dark and the light theme alike, and as
 * many as a chart holds.
 */
export const LINE_COLOURS = [
  '#3b82f6',
  '#f59e0b',
  '#10b981',
  '#ef4444',
  '#a855f7',
  '#06b6d4',
  '#ec4899',
  '#84cc16',
] as const satisfies { length: typeof HISTORIC_MAX_COLLECTIONS };
