import { createBrowserRouter, redirect } from 'react-router';
import { bindNavigation } from '../lib/navigation';
import { guardLoader } from './guard/guard-loader';
import { AppLayout, PageLoading } from './layout/app-layout';
import { NOT_FOUND_PATH, appRoutes } from './routes';
import type { RouteHandle } from './use-current-route';

// The fallback belongs to the pages, not the layout: while the first guard run waits, the layout (header,
// menus) is already the one that stays, so nothing the user opens in that second is torn down.
export const router = createBrowserRouter([
  {
    Component: AppLayout,
    children: [
      ...appRoutes.map((route) => ({
        path: route.path,
        handle: { route } satisfies RouteHandle,
        loader: guardLoader(route),
        HydrateFallback: PageLoading,
        lazy: async () => ({ Component: (await route.page()).default }),
      })),
      { path: '*', loader: () => redirect(NOT_FOUND_PATH), HydrateFallback: PageLoading },
    ],
  },
]);

bindNavigation((to) => void router.navigate(to));

// Every navigation starts at the top of the page.
let shownLocation = router.state.location.key;
router.subscribe(({ location }) => {
  if (location.key === shownLocation) return;
  shownLocation = location.key;
  window.scrollTo(0, 0);
});
