import { BREAKPOINTS } from '@floordesk/protocol';
import { SearchBox } from '../../../features/search/components/search-box';
import { lazyComponent } from '../../../lib/lazy-component';
import { useMinWidth } from '../../../lib/use-min-width';

const HeaderSearchPopover = lazyComponent(() =>
  import('./header-search-popover').then((module) => module.HeaderSearchPopover),
);

/** The search box from BREAKPOINTS.searchBox up; below, an icon that opens it. */
export function HeaderSearch() {
  const inline = useMinWidth(BREAKPOINTS.searchBox);
  if (inline) {
    return (
      <div className="w-64 xl:w-80">
        <SearchBox />
      </div>
    );
  }
  return <HeaderSearchPopover />;
}
