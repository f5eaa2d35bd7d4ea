import { useQuery } from '@tanstack/react-query';
import { portfolioQueryOptions } from '../../lib/api/portfolio';
import { useSession } from '../../stores/session-store';

/**
 * The trader's tokens of `collection`, from their portfolio over all their wallets: what "List yours" lists. Asked
 * as the portfolio page asks it (lib/api/portfolio, all wallets), so both share one answer and a new listing
 * refreshes both. Premium only, as the portfolio is: undefined for everyone else.
 */
export function useOwnTokens(collection: string): { collection: string; token_id: string }[] | undefined {
  const token = useSession((state) => state.token);
  const premium = useSession((state) => state.premium);
  const { data } = useQuery({
    ...portfolioQueryOptions(token, premium, null),
    enabled: token !== null && premium,
  });
  if (!data) return undefined;
  const own = new Map(
    data.holdings
      .filter((holding) => holding.collection.toLowerCase() === collection.toLowerCase())
      .map(({ collection: address, token_id }) => [token_id, { collection: address, token_id }]),
  );
  return [...own.values()];
}
