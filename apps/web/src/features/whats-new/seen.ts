/** The storage key that remembers a build's notes were shown (the original app's `hasOpened{build}`). */
export const seenKey = (build: string) => `hasOpened${build}`;

export function seen(build: string): boolean {
  return localStorage.getItem(seenKey(build)) !== null;
}
