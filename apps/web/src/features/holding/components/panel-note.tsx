import type { ReactNode } from 'react';

/** What a /holding box says instead of data: pick a collection, nobody yet. */
export function PanelNote({ children }: { children: ReactNode }) {
  return <p className="px-3 py-6 text-center text-faint">{children}</p>;
}
