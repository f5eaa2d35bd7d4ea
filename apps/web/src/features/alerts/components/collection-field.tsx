import { ADDRESS_PATTERN, type SearchResult, SEARCH_QUERY_MAX } from '@floordesk/protocol';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CollectionImage } from '../../../components/ui/collection-image';
import { shortAddress } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { AlertDraft } from '../alert-draft';
import { searchCollections } from '../api';
import { Field, inputClass } from './form-fields';

const SEARCH_DELAY_MS = 250;
const SHOWN_RESULTS = 6;

type Collection = AlertDraft['collection'];

type CollectionFieldProps = {
  address: string;
  collection: Collection;
  problem?: string;
  onChange: (change: { address: string; collection: Collection }) => void;
};

/**
 * The collection an alert watches: its address, typed or pasted, or found by name (a combobox over the public
 * search). A picked collection shows its image and name; typing again forgets them.
 */
export function CollectionField({ address, collection, problem, onChange }: CollectionFieldProps) {
  const { t } = useTranslation();
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState(-1);
  const term = address.trim();
  // A complete address needs no search; a name (or the start of an address) is looked up once typing settles.
  const wanted = term.length >= 2 && !ADDRESS_PATTERN.test(term) ? term.slice(0, SEARCH_QUERY_MAX) : '';
  const settled = useDebouncedValue(wanted, SEARCH_DELAY_MS);
  const search = useQuery({
    queryKey: ['alert-collection-search', settled],
    queryFn: ({ signal }) => searchCollections(settled, signal),
    enabled: settled !== '' && settled === wanted,
    staleTime: 30_000,
  });
  const results = wanted !== '' && settled === wanted ? (search.data ?? []).slice(0, SHOWN_RESULTS) : [];
  const open = focused && wanted !== '';
  const listboxId = `${useId()}-results`;

  const pick = (result: SearchResult) => {
    onChange({ address: result.address, collection: { name: result.name, img: result.img } });
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open || results.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + results.length) % results.length);
    } else if (event.key === 'Enter' && active >= 0 && results[active]) {
      // Picking, not saving the form.
      event.preventDefault();
      pick(results[active]);
    }
  };

  let status: string | null = null;
  if (open && (settled !== wanted || search.isFetching) && results.length === 0) status = t('alerts.form.searching');
  else if (open && search.isError) status = t('alerts.form.search_failed');
  else if (open && search.isSuccess && results.length === 0) status = t('alerts.form.no_collections');

  return (
    <Field
      label={t('alerts.form.collection')}
      hint={t('alerts.form.collection_hint')}
      problem={problem}
      className="@md:col-span-2"
    >
      {(control) => (
        <div className="min-w-0">
          <input
            {...control}
            role="combobox"
            aria-expanded={open && results.length > 0}
            aria-controls={open && results.length > 0 ? listboxId : undefined}
            aria-autocomplete="list"
            aria-activedescendant={open && active >= 0 ? `${listboxId}-${active}` : undefined}
            value={address}
            onChange={(event) => {
              onChange({ address: event.target.value, collection: null });
              setActive(-1);
            }}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            onKeyDown={onKeyDown}
            placeholder={t('alerts.form.collection_placeholder')}
            autoComplete="off"
            spellCheck={false}
            className={clsx(inputClass, 'font-mono text-[12px] placeholder:font-sans')}
          />
          {collection && !open && (
            <p className="mt-1 flex min-w-0 items-center gap-2 text-[12px]" data-testid="alert-collection">
              <CollectionImage src={collection.img} name={collection.name} className="size-5 text-[10px]" />
              <span className="truncate font-medium text-fg">{collection.name ?? shortAddress(address)}</span>
              <span className="shrink-0 font-mono text-faint">{shortAddress(address)}</span>
            </p>
          )}
          {open && results.length > 0 && (
            <div
              id={listboxId}
              // The options show an image beside the name, which a native <select> or <datalist> cannot.
              // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
              role="listbox"
              aria-label={t('alerts.form.collection_results')}
              className="mt-1 max-h-56 overflow-y-auto rounded-md border border-line bg-panel"
            >
              {results.map((result, index) => (
                // Keyboard users move through the options from the input (aria-activedescendant), never focusing them.
                // oxlint-disable-next-line jsx-a11y/click-events-have-key-events
                <div
                  key={result.address}
                  id={`${listboxId}-${index}`}
                  tabIndex={-1}
                  // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
                  role="option"
                  aria-selected={index === active}
                  // Chosen before the input's blur closes the list.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(result)}
                  className={clsx(
                    'flex h-8 cursor-pointer items-center gap-2 px-2 hover:bg-raised',
                    index === active && 'bg-raised',
                  )}
                >
                  <CollectionImage src={result.img} name={result.name} className="size-5 text-[10px]" />
                  <span className="min-w-0 flex-1 truncate">{result.name ?? shortAddress(result.address)}</span>
                  <span className="shrink-0 font-mono text-[11px] text-faint">{shortAddress(result.address)}</span>
                </div>
              ))}
            </div>
          )}
          {status && (
            <output className="mt-1 flex items-center gap-1.5 text-[12px] text-faint">
              {status === t('alerts.form.searching') && <LoaderCircle size={12} className="animate-spin" aria-hidden />}
              {status}
            </output>
          )}
        </div>
      )}
    </Field>
  );
}
