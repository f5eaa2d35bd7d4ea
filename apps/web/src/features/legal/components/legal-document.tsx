import { QUOTE_TTL_SECONDS, TRIAL_DAYS } from '@floordesk/protocol';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { useLegalTexts } from '../../../lib/legal-texts';

type LegalSection = { heading: string; body: readonly string[]; items?: readonly string[] };

/** What the texts' numbers stand for, so that they follow the rules they describe. */
const VALUES = { trial_days: TRIAL_DAYS, quote_minutes: QUOTE_TTL_SECONDS / 60 };

/**
 * A legal text in the current language: its date, an introduction and numbered sections, in a column narrow enough
 * to read; the other document is linked at the end.
 */
export function LegalDocument({ doc }: { doc: 'terms' | 'policy' }) {
  const { t: appText } = useTranslation();
  const { t, list } = useLegalTexts();
  const intro: readonly string[] = list(`legal.${doc}.intro`, VALUES);
  const sections: readonly LegalSection[] = list(`legal.${doc}.sections`, VALUES);
  return (
    <PageFrame title={appText(`route.${doc}.title`)} description={appText(`route.${doc}.description`)}>
      <article className="mt-5 max-w-[72ch] text-[14px] leading-relaxed text-fg">
        <p className="text-[12px] text-faint">{t('legal.updated')}</p>
        {intro.map((paragraph) => (
          <p key={paragraph} className="mt-3">
            {paragraph}
          </p>
        ))}
        {sections.map((section, index) => (
          <section key={section.heading} className="mt-7">
            <h2 className="text-[15px] font-semibold">
              {index + 1}. {section.heading}
            </h2>
            {section.body.map((paragraph) => (
              <p key={paragraph} className="mt-2 text-muted">
                {paragraph}
              </p>
            ))}
            {section.items && section.items.length > 0 && (
              <ul className="mt-2 list-disc space-y-1 pl-5 text-muted marker:text-faint">
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
        <p className="mt-8 border-t border-line pt-4">
          <Link to={doc === 'terms' ? '/policy' : '/terms'} className="font-semibold text-accent hover:underline">
            {doc === 'terms' ? t('legal.see_policy') : t('legal.see_terms')}
          </Link>
        </p>
      </article>
    </PageFrame>
  );
}
