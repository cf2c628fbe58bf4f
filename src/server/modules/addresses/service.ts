import { and, eq } from 'drizzle-orm';
import type { AddressInput } from '../../../shared/api/addresses';
import type { Island } from '../../../shared/islands';
import { addresses } from '../../db/schema';
import type { Tx } from '../orders/lifecycle';

/** One of the customer's saved addresses, as checkout stores it; null for another's. */
export async function findCustomerAddress(
  tx: Tx,
  customerId: number,
  id: number,
): Promise<AddressInput | null> {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)));
  if (!row) return null;
  return {
    Type: row.type,
    FullName: row.fullName,
    Company: row.company,
    Line1: row.line1,
    Line2: row.line2,
    Town: row.town,
    Parish: row.parish,
    Island: row.island as Island | null,
    Country: row.country,
    Postcode: row.postcode,
    Telephone: row.telephone,
  };
}
