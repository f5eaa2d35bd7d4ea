import { SEARCH_QUERY_MAX } from '@floordesk/protocol';
import { LoaderCircle, Plus } from 'lucide-react';
import { type FocusEvent, type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSearchCollections } from '../api/search-collections';
import { SEARCH_DEBOUNCE_MS, searchTerm } from './search-box';
import { SearchOption } from './search-option';

type CollectionPickerProps = {
  /** Called with the address of the collection chosen. */
  onPick: (address: string) => void;
  /** What picking does, in the page's words (the box's and the list's accessible name). */
  label: string;
  placeholder: string;
  disabled?: boolean;
};

/**
 * A search that picks a collection instead of opening it (/historic adds it to the chart, /holding analyses it):
 * the header search's results, without recent searches or follow stars. Enter picks the best match.
 */
export function CollectionPicker({ onPick, label, placeholder, disabled = false }: CollectionPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState(false);
  const term = searchTerm(keyword);
  const settledTerm = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const search = useSearchCollections(term === '' ? '' : settledTerm);
  const upToDate = settledTerm === term && search.isSuccess && !search.isPlaceholderData;
  const results = term === '' || search.isError ? [] : (search.data?.list ?? []);
  const open = expanded && term !== '';

  function pick(address: string) {
    onPick(address);
    setKeyword('');
    setExpanded(false);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const best = upToDate ? results[0] : undefined;
    if (best) pick(best.address);
  }

  function onBlur(event: FocusEvent) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setExpanded(false);
  }

  return (
    <search className="relative block w-full" onBlur={onBlur}>
      <form onSubmit={onSubmit}>
        <Plus
          size={14}
          className="pointer-events-none absolute left-2.5 top-1/2 -translate-y-1/2 text-faint"
          aria-hidden
        />
        <input
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_QUERY_MAX}
          disabled={disabled}
          value={keyword}
          onChange={(event) => {
            setKeyword(event.target.value);
            setExpanded(true);
          }}
          onFocus={() => setExpanded(true)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setExpanded(false);
          }}
          placeholder={placeholder}
          aria-label={label}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? `${id}-listbox` : undefined}
          className="h-8 w-full rounded-md border border-line bg-panel pl-8 pr-7 text-fg placeholder:text-faint focus:border-accent/60 focus:outline-none disabled:opacity-50"
        />
        {term !== '' && !upToDate && !search.isError && (
          <LoaderCircle
            size={14}
            className="absolute right-2.5 top-1/2 -translate-y-1/2 animate-spin text-faint"
            aria-label={t('search.searching')}
          />
        )}
      </form>
      {open && (
        // Pressing inside keeps the focus in the input, so the list stays open.
        <div
          role="presentation"
          onMouseDown={(event) => event.preventDefault()}
          className="absolute inset-x-0 top-full z-40 mt-1 max-h-[min(360px,60vh)] overflow-y-auto rounded-md border border-line bg-panel p-1 shadow-2xl"
        >
          {results.length > 0 ? (
            // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
            <div id={`${id}-listbox`} role="listbox" aria-label={label}>
              {results.map((result, index) => (
                <SearchOption
                  key={result.address}
                  id={`${id}-option-${index}`}
                  result={result}
                  active={false}
                  onOpen={() => pick(result.address)}
                  onPoint={() => {}}
                />
              ))}
            </div>
          ) : (
            upToDate && <p className="px-2 py-3 text-center text-faint">{t('search.no_results', { keyword: term })}</p>
          )}
        </div>
      )}
    </search>
  );
}
