import { BREAKPOINTS, SWEEP_NARROW_MAX_PX } from '@floordesk/protocol';
import { useMinWidth } from '../../lib/use-min-width';

/**
 * Where the desktop bar has room for what (the original app's breakpoints; which part goes where is ours, measured so that
 * nothing overlaps in either language): above 1600 px every label; down to 1280 px the slider and the skip switch's
 * short label; above 1015 px the break-even price; below, the counts, SWEEP and the skip checkbox alone.
 */
export const SWEEP_BAR_MIN_PX = {
  breakEven: BREAKPOINTS.trendingToggle + 1,
  /** The slider and the skip switch's short label. */
  roomy: 1280,
  /** Gas preset names, the skip switch's full label and the count button 10 ("above 1600"). */
  wide: BREAKPOINTS.wideSweepButtons + 1,
} as const;

/** Which of SWEEP_BUTTONS' sets the window gets: desktop above 850 px (wide above 1600), narrow below 500. */
export type SweepScreen = 'wide' | 'desktop' | 'mobile' | 'narrow';

export function useSweepScreen(): SweepScreen {
  const wide = useMinWidth(SWEEP_BAR_MIN_PX.wide);
  const desktop = useMinWidth(BREAKPOINTS.desktopBar + 1);
  const mobile = useMinWidth(SWEEP_NARROW_MAX_PX);
  if (wide) return 'wide';
  if (desktop) return 'desktop';
  return mobile ? 'mobile' : 'narrow';
}
