type TokenCellProps = { img: string | null; tokenId: string };

/** A token as traders scan for it: its picture and #id (ids can be 78 digits long, so they truncate). */
export function TokenCell({ img, tokenId }: TokenCellProps) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      {img ? (
        <img src={img} alt="" loading="lazy" className="size-6 shrink-0 rounded bg-raised object-cover" />
      ) : (
        <span className="size-6 shrink-0 rounded bg-raised" aria-hidden />
      )}
      <span className="truncate font-mono text-fg" title={`#${tokenId}`}>
        #{tokenId}
      </span>
    </span>
  );
}
