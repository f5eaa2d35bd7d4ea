import { clsx } from 'clsx';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollectionSection } from '../collection-layout';

type SectionTabsProps = {
  sections: readonly CollectionSection[];
  children: (section: CollectionSection) => ReactNode;
};

const STEP: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1 };

/** Phones: one section at a time behind tabs, the first section open; the others are not mounted (nor polled). */
export function SectionTabs({ sections, children }: SectionTabsProps) {
  const { t } = useTranslation();
  const id = useId();
  const [active, setActive] = useState(sections[0]!);
  const tabId = (section: CollectionSection) => `${id}-${section}`;

  function onKeyDown(event: KeyboardEvent) {
    const step = STEP[event.key];
    if (step === undefined) return;
    const next = sections[(sections.indexOf(active) + step + sections.length) % sections.length]!;
    setActive(next);
    document.getElementById(tabId(next))?.focus();
  }

  return (
    <div className="flex flex-col">
      <div
        role="tablist"
        aria-label={t('collection.sections')}
        className="sticky top-11 z-20 -mx-2 flex overflow-x-auto border-b border-line bg-canvas px-2"
      >
        {sections.map((section) => (
          <button
            key={section}
            id={tabId(section)}
            type="button"
            role="tab"
            aria-selected={section === active}
            aria-controls={`${id}-panel`}
            tabIndex={section === active ? 0 : -1}
            onClick={() => setActive(section)}
            onKeyDown={onKeyDown}
            className={clsx(
              '-mb-px h-9 shrink-0 border-b-2 px-3 font-medium whitespace-nowrap transition-colors',
              section === active ? 'border-accent text-fg' : 'border-transparent text-muted hover:text-fg',
            )}
          >
            {t(`collection.section.${section}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={tabId(active)} className="pt-2">
        {children(active)}
      </div>
    </div>
  );
}
