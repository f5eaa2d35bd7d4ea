// The billing pages share most of their code (the plans, the pay flow, the texts), so they load as one chunk: the
// route table, which is on the first page, then names one file for the three instead of eight.
export { default as PlansPage } from './plans-page';
export { default as SalePage } from './sale-page';
export { default as VerificationPage } from './verification-page';
