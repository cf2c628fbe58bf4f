import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ADDRESS_LIMITS, type AddressType } from '../../../shared/addresses';
import {
  ADDRESS_MESSAGES,
  type Address,
  type ADDRESS_SORT_FIELDS,
  type AddressInput,
  type AddressList,
} from '../../../shared/api/addresses';
import type { ListingOptions } from '../../../shared/api/listing';
import { countryName } from '../../../shared/countries';
import type { Island } from '../../../shared/islands';
import { addresses, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { listPage } from '../../lib/paging';
import type { Db, Tx } from '../../db/client';
import { builtOnce } from '../../db/prepared';

type AddressRow = typeof addresses.$inferSelect;

/** The stored columns of an address as the API names them (what the checkout snapshots). */
const toInput = (row: AddressRow): AddressInput => ({
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
});

/** A saved address as the customer sees it: its fields, the country's name and the dates. */
export const toAddress = (row: AddressRow): Address => ({
  Id: row.id,
  ...toInput(row),
  CountryName: countryName(row.country) ?? row.country,
  Created: row.createdAt.toISOString(),
  Updated: row.updatedAt.toISOString(),
});

/** The stored columns of a checked address. */
const toColumns = (input: AddressInput) => ({
  type: input.Type,
  fullName: input.FullName,
  company: input.Company,
  line1: input.Line1,
  line2: input.Line2,
  town: input.Town,
  parish: input.Parish,
  island: input.Island,
  country: input.Country,
  postcode: input.Postcode,
  telephone: input.Telephone,
});

const sortColumns: Record<(typeof ADDRESS_SORT_FIELDS)[number], AnyPgColumn> = {
  Updated: addresses.updatedAt,
  Created: addresses.createdAt,
  FullName: addresses.fullName,
  Id: addresses.id,
};

/** Only the customer's own rows: every query of this module goes through it. */
const ownedBy = (customerId: number, id?: number) =>
  and(eq(addresses.customerId, customerId), id === undefined ? undefined : eq(addresses.id, id));

const notFound = () => new HttpError(404, ADDRESS_MESSAGES.notFound);

/** One page of the customer's addresses, of one type when the filter names it. */
export const listAddresses = (
  db: Db,
  customerId: number,
  options: ListingOptions<(typeof ADDRESS_SORT_FIELDS)[number]>,
  filter: { Type?: AddressType },
): Promise<AddressList> =>
  listPage(
    db,
    addresses,
    {
      where: and(
        ownedBy(customerId),
        filter.Type === undefined ? undefined : eq(addresses.type, filter.Type),
      ),
      sort: sortColumns[options.sortBy],
      id: addresses.id,
      options,
    },
    toAddress,
  );

/**
 * Saves a new address, up to ADDRESS_LIMITS.perCustomer of them (409 beyond). The customer's row
 * is locked while counting, so two creations at once cannot both take the last place.
 */
export async function createAddress(
  db: Db,
  customerId: number,
  input: AddressInput,
): Promise<Address> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${customerId} for update`);
    const count = await tx.$count(addresses, ownedBy(customerId));
    if (count >= ADDRESS_LIMITS.perCustomer) throw new HttpError(409, ADDRESS_MESSAGES.tooMany);
    const now = new Date();
    const [row] = await tx
      .insert(addresses)
      .values({ customerId, ...toColumns(input), createdAt: now, updatedAt: now })
      .returning();
    return toAddress(row);
  });
}

/** Replaces one of the customer's addresses; its Updated moves to now. */
export async function updateAddress(
  db: Db,
  customerId: number,
  id: number,
  input: AddressInput,
): Promise<Address> {
  const [row] = await db
    .update(addresses)
    .set({ ...toColumns(input), updatedAt: new Date() })
    .where(ownedBy(customerId, id))
    .returning();
  if (!row) throw notFound();
  return toAddress(row);
}

/** Deletes one of the customer's addresses. Orders keep their own copy (checkout snapshots). */
export async function deleteAddress(db: Db, customerId: number, id: number): Promise<void> {
  const rows = await db
    .delete(addresses)
    .where(ownedBy(customerId, id))
    .returning({ id: addresses.id });
  if (rows.length === 0) throw notFound();
}

const addressOf = builtOnce((db) =>
  db
    .select()
    .from(addresses)
    .where(
      and(
        eq(addresses.customerId, sql.placeholder('customerId')),
        eq(addresses.id, sql.placeholder('id')),
      ),
    )
    .prepare(''),
);

/**
 * One of the customer's addresses as its fields (for the checkout, which checks its type and
 * island and snapshots it on the orders), or null when the customer has no address of that id.
 */
export async function findCustomerAddress(
  db: Tx,
  customerId: number,
  id: number,
): Promise<AddressInput | null> {
  const [row] = await addressOf(db).execute({ customerId, id });
  return row ? toInput(row) : null;
}
