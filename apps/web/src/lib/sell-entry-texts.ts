import en from '../locales/sell-entry/en.json';
import zh from '../locales/sell-entry/zh.json';
import { lazyTexts } from './lazy-texts';

/**
 * The words of the ways into the List dialog (the portfolio's List and selection, the rarity panel's List, the
 * collection's "List yours" and its listings' "Yours"), which those pages load with their chunks.
 */
export const { useTexts: useSellEntryTexts } = lazyTexts(en, zh);
