import en from '../locales/legal/en.json';
import zh from '../locales/legal/zh.json';
import { lazyTexts } from './lazy-texts';

/** The terms (/terms, /disclaimer) and the privacy policy (/policy), which come with their pages' chunk. */
export const { useTexts: useLegalTexts } = lazyTexts(en, zh);
