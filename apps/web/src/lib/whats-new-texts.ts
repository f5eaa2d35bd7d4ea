import en from '../locales/whats-new/en.json';
import zh from '../locales/whats-new/zh.json';
import { lazyTexts } from './lazy-texts';

/** The What's New modal's own words (its notes come from the server), loaded with the modal. */
export const { useTexts: useWhatsNewTexts } = lazyTexts(en, zh);
