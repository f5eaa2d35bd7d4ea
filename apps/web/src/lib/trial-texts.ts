import en from '../locales/trial/en.json';
import zh from '../locales/trial/zh.json';
import { lazyTexts } from './lazy-texts';

/** The /activity page's words, which come with its chunk. */
export const { useTexts: useTrialTexts } = lazyTexts(en, zh);
