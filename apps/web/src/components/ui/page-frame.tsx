import type { ReactNode } from 'react';

type PageFrameProps = { title: string; description: string; children?: ReactNode };

/** The frame every page shares: a title bar with a one-line description, then the content. */
export function PageFrame({ title, description, children }: PageFrameProps) {
  return (
    <section className="mx-auto w-full max-w-[1600px] px-3 py-4 sm:px-5">
      <header className="border-b border-line pb-3">
        <h1 className="text-lg font-semibold text-fg">{title}</h1>
        <p className="mt-1 text-muted">{description}</p>
      </header>
      {children}
    </section>
  );
}
