import en from '../../locales/sell/en.json';
import zh from '../../locales/sell/zh.json';
import { i18n } from '../../lib/i18n';
import { lazyTexts } from '../../lib/lazy-texts';

/** The List dialog's words, which come with its chunk. */
export const { useTexts: useSellTexts, text: sellText } = lazyTexts(en, zh);

/** A marketplace as the app names it everywhere; one FloorDesk does not know keeps its own name. */
export function marketplaceName(marketplace: string): string {
  const key = `market.marketplace.${marketplace}`;
  return i18n.exists(key) ? i18n.t(key as 'market.marketplace.opensea') : marketplace;
}
