import en from '../locales/billing/en.json';
import zh from '../locales/billing/zh.json';
import { lazyTexts, type TextKey, type TextOf } from './lazy-texts';

/** A key of the plans, sale and payment verification pages' words, which come with their chunk. */
export type BillingKey = TextKey<typeof en>;
export type BillingT = TextOf<typeof en>;

const billing = lazyTexts(en, zh);

/** The billing texts in the current language, outside React (the pay flow's messages). */
export const billingText: BillingT = billing.text;

/** The billing texts' `t`: it changes with the language, so a view using it re-renders in the new one. */
export function useBillingTexts(): BillingT {
  return billing.useTexts().t;
}
