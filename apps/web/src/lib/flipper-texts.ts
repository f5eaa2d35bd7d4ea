import en from '../locales/flippers/en.json';
import zh from '../locales/flippers/zh.json';
import { lazyTexts } from './lazy-texts';

/** The flipper badge's and list's words, which come with the collection and /holding chunks that show them. */
export const { useTexts: useFlipperTexts } = lazyTexts(en, zh);
