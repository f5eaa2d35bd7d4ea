type Navigate = (to: string) => void;

// Code outside React (the API client, cross-tab sync) navigates through the router once it exists; before that,
// and in tests that never bind one, a full page load is the honest fallback.
let navigateImpl: Navigate = (to) => window.location.assign(to);

export function bindNavigation(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string): void {
  navigateImpl(to);
}

/** The current in-app location, as a redirect target. */
export function currentPath(): string {
  return window.location.pathname + window.location.search;
}
