import { Search } from 'lucide-react';
import { useState } from 'react';
import { CollectionImage } from '../../../components/ui/collection-image';
import { formatCount, shortAddress } from '../../../lib/format';
import { useHoldingTexts } from '../../../lib/holding-texts';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCollectionSearch } from '../api/search-collections';

const SEARCH_DEBOUNCE_MS = 250;
const MATCHES_SHOWN = 8;

/** A search box whose matches pick the collection to analyse. */
export function CollectionPicker({ onPick }: { onPick: (address: string) => void }) {
  const { t } = useHoldingTexts();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useCollectionSearch(q);
  const matches = search.data?.list.slice(0, MATCHES_SHOWN) ?? [];
  return (
    <div className="relative max-w-md">
      <label className="flex h-8 items-center gap-2 rounded-md border border-line bg-panel px-2 focus-within:border-accent/60">
        <Search size={14} className="shrink-0 text-faint" aria-hidden />
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('holding.search_placeholder')}
          aria-label={t('holding.search_placeholder')}
          maxLength={100}
          className="min-w-0 flex-1 bg-transparent outline-none placeholder:text-faint"
        />
      </label>
      {text.trim() && q && (
        <ul className="absolute inset-x-0 top-9 z-10 overflow-hidden rounded-md border border-line bg-panel shadow-lg">
          {search.isPending ? (
            <li className="px-3 py-2 text-faint">{t('holding.searching')}</li>
          ) : matches.length === 0 ? (
            <li className="px-3 py-2 text-faint">{t('holding.no_match', { q })}</li>
          ) : (
            matches.map((match) => (
              <li key={match.address}>
                <button
                  type="button"
                  data-testid="holding-match"
                  onClick={() => {
                    setText('');
                    onPick(match.address);
                  }}
                  className="flex w-full min-w-0 items-center gap-2 px-3 py-1.5 text-left hover:bg-raised"
                >
                  <CollectionImage src={match.img} name={match.name} className="size-6" />
                  <span className="truncate font-medium">{match.name ?? match.address}</span>
                  <span className="ml-auto shrink-0 font-mono text-[11px] text-faint">
                    {match.count === null ? shortAddress(match.address) : formatCount(match.count)}
                  </span>
                </button>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
