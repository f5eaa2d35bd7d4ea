import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { appRoutes } from '../app/routes';
import { loadAlertTexts } from '../lib/alert-texts';
import { AppSlots } from '../app/slots';
import type { RouteHandle } from '../app/use-current-route';

// Every text, as the app has them once each screen has loaded: a test may render a part of a screen on its own.
loadAlertTexts();

/** The API's envelope around a successful answer. */
export function ok(data: unknown) {
  return { status: 1, msg: 'OK', data };
}

/**
 * Answers every API call with the envelope `answer` returns for it (a promise delays the answer). A call whose
 * signal aborts rejects the way a browser's fetch does.
 */
export function stubApi(answer: (url: URL, init?: RequestInit) => unknown) {
  return vi.spyOn(window, 'fetch').mockImplementation(
    (input, init) =>
      new Promise<Response>((resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        const url = new URL(String(input), window.location.origin);
        void Promise.resolve(answer(url, init)).then((body) =>
          resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })),
        );
      }),
  );
}

/** The JSON bodies of the calls a `stubApi` spy received for `path`. */
export function bodiesSentTo(fetchSpy: ReturnType<typeof stubApi>, path: string): unknown[] {
  return fetchSpy.mock.calls
    .filter(([input]) => new URL(String(input), window.location.origin).pathname === path)
    .map(([, init]) => JSON.parse(String(init?.body)));
}

/**
 * Renders `element` as the page of the app route at `path` (its route flags included), with a fresh query cache;
 * collection links lead to a stand-in page, so tests can read where they went from `router.state.location`.
 */
export function renderInApp(element: ReactElement, { path = '/trending' }: { path?: string } = {}) {
  const route = appRoutes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no app route ${path}`);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, handle: { route } satisfies RouteHandle, element },
      { path: '/collection/:id/*', element: <p>collection page</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AppSlots>
        <RouterProvider router={router} />
      </AppSlots>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
