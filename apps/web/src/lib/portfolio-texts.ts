import en from '../locales/portfolio/en.json';
import zh from '../locales/portfolio/zh.json';
import { lazyTexts } from './lazy-texts';

/** The /protfolio page's words, which come with its chunk. */
export const { useTexts: usePortfolioTexts } = lazyTexts(en, zh);
