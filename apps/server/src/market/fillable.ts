/**
 * SQL: a listing a buyer could fill at `at` (a timestamptz expression): active and inside its time window. Its
 * `status = 'active'` term is what lets the planner use the partial `listings_active_*` indexes. `alias` qualifies
 * the listings columns; without one they are left bare.
 */
export function fillableAt(at: string, alias?: string): string {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return `${column('status')} = 'active' and ${column('start_time')} <= ${at} and ${column('end_time')} > ${at}`;
}
