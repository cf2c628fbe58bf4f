import type { z } from 'zod';
import type { createDiscountSchema } from '../../shared/api/catalogue-admin';
import { toPence } from '../../shared/money';

/** A discount code as the office's form sends it (and as the seed lists its codes). */
export type DiscountValues = z.output<typeof createDiscountSchema>;

/** Midnight at the start of a day in the UK (`yyyy-MM-dd`), as an instant. */
function ukStartOfDay(day: string): Date {
  const midnightUtc = new Date(`${day}T00:00:00Z`);
  const noon = new Date(`${day}T12:00:00Z`);
  const ukHour = Number(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(noon),
  );
  return new Date(midnightUtc.getTime() - (ukHour - 12) * 3_600_000);
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A new code's row from the office's form (the seed's codes come this way too). */
export const discountRow = (v: DiscountValues) => ({
  code: v.Code,
  description: v.Description,
  kind: v.Kind,
  percent: v.Kind === 'percent' ? (v.Percent ?? null) : null,
  amountPence: v.Kind === 'fixed' && v.Amount ? toPence(v.Amount) : null,
  minSpendPence: v.MinSpend ? toPence(v.MinSpend) : 0,
  validFrom: v.ValidFrom ? ukStartOfDay(v.ValidFrom) : null,
  // Valid to the end of its last day: until the next day begins.
  validTo: v.ValidTo ? ukStartOfDay(nextDay(v.ValidTo)) : null,
  maxUses: v.MaxUses ?? null,
  maxUsesPerCustomer: v.MaxUsesPerCustomer ?? null,
});
