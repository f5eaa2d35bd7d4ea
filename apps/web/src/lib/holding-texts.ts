import en from '../locales/holding/en.json';
import zh from '../locales/holding/zh.json';
import { lazyTexts } from './lazy-texts';

/** The /holding page's words, which come with its chunk. */
export const { useTexts: useHoldingTexts } = lazyTexts(en, zh);
