import en from '../locales/market-pulse/en.json';
import zh from '../locales/market-pulse/zh.json';
import { lazyTexts } from './lazy-texts';

/** The words of /home, /discover, /historic and /wallet, which come with their chunks. */
export const { useTexts: useMarketPulseTexts } = lazyTexts(en, zh);
