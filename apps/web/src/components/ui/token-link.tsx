import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { collectionPath } from '../../lib/collection-path';
import { CollectionImage } from './collection-image';

type TokenLinkProps = {
  collection: string;
  collectionName: string | null;
  imageUrl: string | null;
  tokenId: string;
  /** The line above the #id: the token's or collection's name; `nameTitle` shows it whole on hover. */
  name: string;
  nameTitle?: string;
  /** After the #id (an ERC-1155 amount). */
  children?: ReactNode;
};

/** A token of the trader's: picture, name and #id, linking to its collection. */
export function TokenLink({
  collection,
  collectionName,
  imageUrl,
  tokenId,
  name,
  nameTitle,
  children,
}: TokenLinkProps) {
  return (
    <Link to={collectionPath(collection, false)} className="flex min-w-0 items-center gap-2 hover:text-accent">
      <CollectionImage src={imageUrl} name={collectionName} className="size-8 text-[12px]" />
      <span className="min-w-0">
        <span className="block truncate text-muted" title={nameTitle}>
          {name}
        </span>
        <span className="block truncate font-mono text-fg" title={`#${tokenId}`}>
          #{tokenId}
          {children}
        </span>
      </span>
    </Link>
  );
}
