import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/toast/toast-store';

/** The collection search field; results and recent searches arrive with the search issue. */
export function SearchBox() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!keyword.trim()) showToast(t('err.keyword'));
  }

  return (
    <search className="relative block w-full">
      <form onSubmit={onSubmit}>
        <Search size={14} className="pointer-events-none absolute left-2.5 top-1/2 -translate-y-1/2 text-faint" aria-hidden />
        <input
          type="search"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          className="h-8 w-full rounded-md border border-line bg-panel pl-8 pr-2 text-fg placeholder:text-faint focus:border-accent/60 focus:outline-none"
        />
      </form>
    </search>
  );
}
