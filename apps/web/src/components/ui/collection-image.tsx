import { clsx } from 'clsx';
import { useState } from 'react';

type CollectionImageProps = { src: string | null; name: string | null; className?: string };

/** A collection's (or project's) image; its initial on a tile when it has none or the image fails to load. */
export function CollectionImage({ src, name, className }: CollectionImageProps) {
  // Keyed by source, so a row that gets a new image tries it rather than staying on the fallback.
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <span
        aria-hidden
        className={clsx(
          'grid shrink-0 place-items-center rounded bg-raised font-semibold text-muted uppercase',
          className,
        )}
      >
        {name?.trim().charAt(0) || '?'}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      onError={() => setFailed(src)}
      className={clsx('shrink-0 rounded bg-raised object-cover', className)}
    />
  );
}
