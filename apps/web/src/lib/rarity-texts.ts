import en from '../locales/rarity/en.json';
import zh from '../locales/rarity/zh.json';
import { lazyTexts } from './lazy-texts';

/** The rarity pages' words (/rarityHome, /rarity, /rarityMore), which come with their chunks. */
export const { useTexts: useRarityTexts } = lazyTexts(en, zh);
