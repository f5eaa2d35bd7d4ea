import { useEffect } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../../components/ui/dialog';
import { Loading } from '../../../components/ui/load-state';
import { shortAddress } from '../../../lib/format';
import {
  closeSellDialog,
  openSellDialog,
  type ReplacedListing,
  type SellTokenRef,
  useSellDialog,
} from '../../../stores/sell-dialog-store';
import { useSession } from '../../../stores/session-store';
import { endSellSession, prepareListing } from '../sell-flow';
import { type Prepared, useSellState } from '../sell-store';
import { useSellTexts } from '../sell-texts';
import { liveSellDeps } from '../use-listing';
import { SellForm } from './sell-form';

/**
 * Full width from the bottom on phones, a wide panel on desktop; the rows scroll between the pinned choices and the
 * List button, so both stay in reach.
 */
const PANEL = [
  'flex max-h-[calc(100dvh-6rem)] flex-col sm:max-w-3xl',
  'max-sm:top-auto max-sm:bottom-0 max-sm:max-h-[92dvh] max-sm:w-full max-sm:max-w-none',
  'max-sm:rounded-b-none max-sm:border-x-0 max-sm:border-b-0 max-sm:px-3',
].join(' ');

/** The List dialog: one token or many, of any collections, on OpenSea and LooksRare; or a reprice of one listing. */
export function SellDialog() {
  const { t } = useSellTexts();
  const { open, tokens, replacing } = useSellDialog();
  const prepared = useSellState((state) => state.prepared);
  const session = useSellState((state) => state.session);

  // Each opening asks the server afresh (nonces, approvals, floors move); closing drops whatever was under way.
  useEffect(() => {
    if (!open || tokens.length === 0) return;
    void prepareListing(tokens, liveSellDeps);
    return endSellSession;
  }, [open, tokens]);

  const [first] = tokens;
  let title = t('sell.title.tokens', { count: tokens.length });
  if (replacing && first) title = t('sell.title.reprice', { token: first.token_id });
  else if (tokens.length === 1 && first) title = t('sell.title.token', { token: first.token_id });
  return (
    <Dialog open={open} onOpenChange={(next) => !next && closeSellDialog()} title={title} className={PANEL}>
      <div data-testid="sell-dialog" className="mt-3 flex min-h-0 flex-1 flex-col">
        {tokens.length === 0 ? (
          <NothingToList />
        ) : (
          <Body key={session} prepared={prepared} tokens={tokens} replacing={replacing} />
        )}
      </div>
    </Dialog>
  );
}

type BodyProps = { prepared: Prepared; tokens: SellTokenRef[]; replacing: ReplacedListing | null };

function Body({ prepared, tokens, replacing }: BodyProps) {
  const { t } = useSellTexts();
  if (prepared.status === 'loading') return <Loading text={t('sell.loading')} className="py-6" />;
  if (prepared.status === 'refused') {
    if (prepared.premium) return <PremiumOffer message={prepared.message} />;
    return <PrepareRefused message={prepared.message} index={prepared.token} tokens={tokens} replacing={replacing} />;
  }
  return <SellForm data={prepared.data} replacing={replacing} />;
}

/** The collection page's "List yours" with nothing found: premium shows the tokens, others are offered it. */
function NothingToList() {
  const { t } = useSellTexts();
  const premium = useSession((state) => state.premium);
  if (!premium) return <PremiumOffer message={t('sell.premium.text')} />;
  return <p className="py-4 text-muted">{t('sell.nothing')}</p>;
}

/** Why premium is worth having and the way to the plans, as the sweep offers it. */
function PremiumOffer({ message }: { message: string }) {
  const { t } = useSellTexts();
  return (
    <div data-testid="sell-premium" className="flex flex-col items-start gap-2 py-2">
      <h3 className="font-semibold">{t('sell.premium.title')}</h3>
      <p className="text-muted">{message}</p>
      <Link to="/plans" onClick={closeSellDialog} className="button-primary">
        {t('sell.premium.to_plans')}
      </Link>
    </div>
  );
}

type PrepareRefusedProps = {
  message: string;
  /** The refused token's index among those asked, when the server named one. */
  index: number | null;
  tokens: SellTokenRef[];
  replacing: ReplacedListing | null;
};

/** The server refused the tokens: why, on the one it names, with a way to go on without it. */
function PrepareRefused({ message, index, tokens, replacing }: PrepareRefusedProps) {
  const { t } = useSellTexts();
  const refused = index === null ? undefined : tokens[index];
  const rest = tokens.filter((_, position) => position !== index);
  return (
    <div role="alert" data-testid="sell-refused" className="flex flex-col items-start gap-2 py-2">
      {refused && (
        <p className="font-mono text-fg" data-token={`${refused.collection}:${refused.token_id}`}>
          {t('sell.refused_token', { token: refused.token_id, collection: shortAddress(refused.collection) })}
        </p>
      )}
      <p className="text-danger">{message}</p>
      {refused && rest.length > 0 ? (
        <button type="button" className="button-secondary" onClick={() => openSellDialog(rest, replacing)}>
          {t('sell.remove_retry', { token: refused.token_id })}
        </button>
      ) : (
        <button type="button" className="button-secondary" onClick={() => void prepareListing(tokens, liveSellDeps)}>
          {t('sell.retry')}
        </button>
      )}
    </div>
  );
}
