import { transactionUrl } from '../../config/links';
import { shortAddress } from '../../lib/format';

/**
 * A transaction hash, shortened: a link to the chain's explorer where it has one (mainnet), else plain text.
 * `chainId` null: the chain is not known yet, so no link.
 */
export function TransactionHash({
  chainId,
  hash,
  linkClassName = 'hover:text-accent',
}: {
  chainId: number | null;
  hash: string;
  linkClassName?: string;
}) {
  const url = chainId === null ? null : transactionUrl(chainId, hash);
  const shown = <span className="font-mono">{shortAddress(hash)}</span>;
  return url ? (
    <a href={url} target="_blank" rel="noreferrer" className={linkClassName}>
      {shown}
    </a>
  ) : (
    shown
  );
}
