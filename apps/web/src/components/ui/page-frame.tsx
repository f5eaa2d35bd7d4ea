import type { ReactNode } from 'react';

type PageFrameProps = { title: string; description: string; tag?: ReactNode; children?: ReactNode };

/** The frame every page shares: a title bar with a one-line description, then the content. */
export function PageFrame({ title, description, tag, children }: PageFrameProps) {
  return (
    <section className="mx-auto w-full max-w-[1600px] px-3 py-4 sm:px-5">
      <header className="border-b border-line pb-3">
        <h1 className="flex items-center gap-2 text-lg font-semibold text-fg">
          {title}
          {tag}
        </h1>
        <p className="mt-1 text-muted">{description}</p>
      </header>
      {children}
    </section>
  );
}
