import { SEARCH_QUERY_MAX } from '@floordesk/protocol';
import { clsx } from 'clsx';
import { LoaderCircle, Search, X } from 'lucide-react';
import { type FocusEvent, type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/ui/toast/toast-store';
import { collectionPath, useOnTrendingPage } from '../../../lib/collection-path';
import { shortAddress } from '../../../lib/format';
import { useSession } from '../../../stores/session-store';
import { FollowButton } from '../../../components/slots';
import { type SearchHit, useSearchCollections } from '../api/search-collections';
import { useRecentSearches } from '../recent-searches-store';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { SearchOption } from './search-option';

export const SEARCH_DEBOUNCE_MS = 250;

/** What gets searched for: nothing for an empty box or one containing '@' (no results, no call). */
export function searchTerm(keyword: string): string {
  const term = keyword.trim();
  return term.includes('@') ? '' : term;
}

type SearchBoxProps = {
  /** Called once a collection was opened, e.g. to close the popover the box sits in. */
  onCollectionOpened?: () => void;
};

/**
 * The collection search: an ARIA combobox whose listbox holds the results of the typed name or
 * address, or the recent searches while the box is empty.
 */
export function SearchBox({ onCollectionOpened }: SearchBoxProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showTrending = useOnTrendingPage();
  const signedIn = useSession((state) => state.token !== null);
  const recent = useRecentSearches((state) => state.entries);
  const addRecent = useRecentSearches((state) => state.add);
  const removeRecent = useRecentSearches((state) => state.remove);
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);

  const term = searchTerm(keyword);
  const settledTerm = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  // Clearing is immediate, so a term that is gone is never searched when its delay runs out.
  const search = useSearchCollections(term === '' ? '' : settledTerm);
  const upToDate = settledTerm === term && search.isSuccess && !search.isPlaceholderData;
  const searching = term !== '' && !search.isError && !upToDate;

  const browsingRecent = keyword.trim() === '';
  const results = term === '' || search.isError ? [] : (search.data?.list ?? []);
  const items: readonly SearchHit[] = browsingRecent ? recent : results;
  const open = expanded && (browsingRecent ? recent.length > 0 : term !== '');
  const activeIndex = open && active < items.length ? active : -1;
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  let message: string | null = null;
  if (term !== '' && search.isError) message = t('search.error');
  else if (searching && results.length === 0) message = t('search.searching');
  else if (upToDate && results.length === 0) message = t('search.no_results', { keyword: term });

  function close() {
    setExpanded(false);
    setActive(-1);
  }

  function openCollection(result: SearchHit) {
    addRecent(result);
    setKeyword('');
    close();
    inputRef.current?.blur();
    void navigate(collectionPath(result.address, showTrending));
    onCollectionOpened?.();
  }

  function move(step: 1 | -1) {
    if (!open) {
      setExpanded(true);
      return;
    }
    if (items.length === 0) return;
    setActive(
      activeIndex < 0 ? (step === 1 ? 0 : items.length - 1) : (activeIndex + step + items.length) % items.length,
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Enter opens the highlighted option, else the best match once the results are for what was typed.
    const chosen = items[activeIndex] ?? (upToDate ? results[0] : undefined);
    if (chosen) openCollection(chosen);
    else if (term === '') showToast(t('err.keyword'));
  }

  function onBlur(event: FocusEvent) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
  }

  function removeRecentSearch(address: string) {
    removeRecent(address);
    setActive(-1);
    inputRef.current?.focus();
  }

  return (
    <search className="relative block w-full" onBlur={onBlur}>
      <form onSubmit={onSubmit}>
        <Search
          size={14}
          className="pointer-events-none absolute left-2.5 top-1/2 -translate-y-1/2 text-faint"
          aria-hidden
        />
        <input
          ref={inputRef}
          type="text"
          role="combobox"
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_QUERY_MAX}
          value={keyword}
          onChange={(event) => {
            setKeyword(event.target.value);
            setActive(-1);
            setExpanded(true);
          }}
          onFocus={() => setExpanded(true)}
          onKeyDown={onKeyDown}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listboxId : undefined}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          className="h-8 w-full rounded-md border border-line bg-panel pl-8 pr-7 text-fg placeholder:text-faint focus:border-accent/60 focus:outline-none"
        />
        {searching && (
          <LoaderCircle
            size={14}
            className="absolute right-2.5 top-1/2 -translate-y-1/2 animate-spin text-faint"
            aria-hidden
          />
        )}
      </form>
      {open && (
        // Pressing inside keeps the focus in the input, so the list stays open and the keyboard keeps working.
        <div
          role="presentation"
          onMouseDown={(event) => event.preventDefault()}
          className="absolute inset-x-0 top-full z-40 mt-1 max-h-[min(420px,70vh)] overflow-y-auto rounded-md border border-line bg-panel p-1 shadow-2xl"
        >
          {browsingRecent && (
            <div id={`${id}-recent`} className="px-2 pb-1 pt-1.5 text-[11px] font-medium text-faint">
              {t('search.recent')}
            </div>
          )}
          {items.length > 0 && (
            <div
              id={listboxId}
              // A native <select> or <datalist> cannot show images, follow buttons or a dropdown of our own.
              // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
              role="listbox"
              aria-labelledby={browsingRecent ? `${id}-recent` : undefined}
              aria-label={browsingRecent ? undefined : t('search.results')}
              aria-busy={searching}
              className={clsx(searching && 'opacity-60')}
            >
              {items.map((item, index) => (
                <SearchOption
                  key={item.address}
                  id={optionId(index)}
                  result={item}
                  active={index === activeIndex}
                  onOpen={() => openCollection(item)}
                  onPoint={() => setActive(index)}
                  action={
                    browsingRecent ? (
                      <button
                        type="button"
                        className="icon-button size-6"
                        aria-label={t('search.remove_recent', { name: item.name ?? shortAddress(item.address) })}
                        onClick={(event) => {
                          event.stopPropagation();
                          removeRecentSearch(item.address);
                        }}
                      >
                        <X size={12} />
                      </button>
                    ) : (
                      signedIn && <FollowButton address={item.address} />
                    )
                  }
                />
              ))}
            </div>
          )}
          {message && <output className="block px-2 py-2 text-muted">{message}</output>}
        </div>
      )}
    </search>
  );
}
