import { createBrowserRouter, redirect } from 'react-router';
import { bindNavigation } from '../lib/navigation';
import { guardLoader } from './guard/guard-loader';
import { AppLayout, AppLayoutFallback } from './layout/app-layout';
import { NOT_FOUND_PATH, appRoutes } from './routes';
import type { RouteHandle } from './use-current-route';

export const router = createBrowserRouter([
  {
    Component: AppLayout,
    HydrateFallback: AppLayoutFallback,
    children: [
      ...appRoutes.map((route) => ({
        path: route.path,
        handle: { route } satisfies RouteHandle,
        loader: guardLoader(route),
        lazy: async () => ({ Component: (await route.page()).default }),
      })),
      { path: '*', loader: () => redirect(NOT_FOUND_PATH) },
    ],
  },
]);

bindNavigation((to) => void router.navigate(to));

// Spec §2: every navigation starts at the top of the page.
let shownLocation = router.state.location.key;
router.subscribe(({ location }) => {
  if (location.key === shownLocation) return;
  shownLocation = location.key;
  window.scrollTo(0, 0);
});
