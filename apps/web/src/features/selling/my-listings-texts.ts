import en from '../../locales/my-listings/en.json';
import zh from '../../locales/my-listings/zh.json';
import { lazyTexts } from '../../lib/lazy-texts';

/** The words of My listings and of cancelling (which the List dialog reuses), loaded with the code that shows them. */
export const { useTexts: useMyListingsTexts, text: myListingsText } = lazyTexts(en, zh);
