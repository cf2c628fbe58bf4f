import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADDRESS_LIMITS } from '../../src/shared/addresses';
import {
  ADDRESS_MESSAGES,
  addressListResponse,
  addressSchema,
  type AddressRequest,
} from '../../src/shared/api/addresses';
import { AUTH_MESSAGES } from '../../src/shared/api/auth';
import { addresses } from '../../src/server/db/schema';
import { findCustomerAddress } from '../../src/server/modules/addresses/service';
import { useTestApp } from '../support/app';
import { accountCalls, bearer, registerCustomer } from '../support/accounts';
import { MESSAGES } from '../../src/shared/validation/messages';
import { jerseyDelivery, ukBilling } from '../support/addresses';

const ctx = useTestApp();
const { userByEmail } = accountCalls(ctx);

const list = (token: string | undefined, payload?: unknown) =>
  ctx.post('/public/addresses', payload, token ? bearer(token) : {});
const create = (token: string | undefined, payload: unknown) =>
  ctx.post('/public/addresses/create', payload, token ? bearer(token) : {});
const update = (token: string | undefined, id: number | string, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/public/addresses/${id}`,
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });
const remove = (token: string | undefined, id: number | string) =>
  ctx.app.inject({
    method: 'DELETE',
    url: `/public/addresses/${id}`,
    headers: token ? bearer(token) : {},
  });

/** Creates an address through the API and answers it as saved. */
async function saved(token: string, payload: AddressRequest) {
  const res = await create(token, payload);
  expect(res.statusCode, res.body).toBe(201);
  return addressSchema.parse(res.json());
}

/** The field errors of a 400, as `{ field: message }`. */
function fieldErrors(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { message: string; errors: { field: string; error: string }[] };
  expect(body.message).toBe('Please check the fields below.');
  return Object.fromEntries(body.errors.map((e) => [e.field, e.error]));
}

const customer = async () => {
  const registered = await registerCustomer(ctx);
  return { ...registered, id: (await userByEmail(registered.email)).id };
};

describe('the address book needs a session', () => {
  test('every call without a token is 401, and nothing is stored', async () => {
    const { token } = await customer();
    const address = await saved(token, jerseyDelivery());
    for (const res of [
      await list(undefined),
      await create(undefined, jerseyDelivery()),
      await update(undefined, address.Id, jerseyDelivery({ Line1: 'Changed' })),
      await remove(undefined, address.Id),
      await list('not-a-session-token'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, message: AUTH_MESSAGES.loginRequired });
    }
    const [row] = await ctx.database.db
      .select()
      .from(addresses)
      .where(eq(addresses.id, address.Id));
    expect(row.line1).toBe('12 Rue de la Mare');
  });
});

describe('POST /public/addresses/create', () => {
  test('saves a Jersey delivery address, its postcode written the Royal Mail way', async () => {
    const { token } = await customer();
    const res = await create(token, jerseyDelivery({ FullName: '  Ann Le Brocq ' }));
    expect(res.statusCode).toBe(201);
    const address = addressSchema.parse(res.json());
    expect(address).toMatchObject({
      Type: 'Delivery',
      FullName: 'Ann Le Brocq',
      Line1: '12 Rue de la Mare',
      Town: 'St Helier',
      Parish: 'St Helier',
      Island: 'Jersey',
      Country: 'JE',
      CountryName: 'Jersey',
      Postcode: 'JE2 3AB',
      Telephone: '01534 123456',
    });
    expect(address.Updated).toBe(address.Created);
  });

  test('saves a UK billing address, and one abroad without a postcode', async () => {
    const { token } = await customer();
    const uk = await saved(token, ukBilling({ Island: 'Jersey', Postcode: 'po12ab' }));
    expect(uk).toMatchObject({
      Type: 'Billing',
      Company: 'Brocq Ltd',
      Town: 'Portsmouth',
      Island: null, // a billing address has no island
      Country: 'GB',
      CountryName: 'United Kingdom',
      Postcode: 'PO1 2AB',
    });
    const france = await saved(
      token,
      ukBilling({ Country: 'fr', Town: 'Paris', Postcode: '', Line1: '3 rue de Rivoli' }),
    );
    expect(france).toMatchObject({ Country: 'FR', CountryName: 'France', Postcode: '' });
  });

  test('Alderney, Sark and Herm have no parishes: one sent is dropped', async () => {
    const { token } = await customer();
    const sark = await saved(
      token,
      jerseyDelivery({ Island: 'Sark', Parish: 'St Helier', Postcode: 'GY10 1SA', Town: '' }),
    );
    expect(sark).toMatchObject({
      Island: 'Sark',
      Parish: '',
      Country: 'GG',
      CountryName: 'Guernsey',
    });
  });

  test('a customer may keep ADDRESS_LIMITS.perCustomer addresses, then 409', async () => {
    const { token, id } = await customer();
    const fields = { customerId: id, type: 'Billing' as const, fullName: 'A', line1: 'B' };
    await ctx.database.db.insert(addresses).values(
      Array.from({ length: ADDRESS_LIMITS.perCustomer - 1 }, () => ({
        ...fields,
        country: 'GB',
      })),
    );
    // Two at once for the last place: one gets it.
    const both = await Promise.all([create(token, ukBilling()), create(token, ukBilling())]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const res = await create(token, ukBilling());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, message: ADDRESS_MESSAGES.tooMany });
    expect(await ctx.database.db.$count(addresses, eq(addresses.customerId, id))).toBe(
      ADDRESS_LIMITS.perCustomer,
    );
    // another customer is not held back by it
    expect((await create((await customer()).token, ukBilling())).statusCode).toBe(201);
  });
});

describe('validation: 400 naming each field with the form’s message', () => {
  const errorsOf = async (payload: unknown) =>
    fieldErrors(await create((await customer()).token, payload));

  test('an empty delivery address lists every required field', async () => {
    expect(await errorsOf({ Type: 'Delivery' })).toEqual({
      FullName: 'This field is required',
      Line1: 'This field is required',
      Island: 'Please choose an option from the list',
      Postcode: 'This field is required',
    });
  });

  test('an island postcode: JE for Jersey, GY for the Bailiwick of Guernsey', async () => {
    expect(await errorsOf(jerseyDelivery({ Postcode: 'GY1 1AA' }))).toEqual({
      Postcode: 'A Jersey postcode starts with JE',
    });
    expect(
      await errorsOf(jerseyDelivery({ Island: 'Guernsey', Parish: 'Vale', Postcode: 'JE2 3AB' })),
    ).toEqual({ Postcode: 'A Guernsey postcode starts with GY' });
    for (const island of ['Alderney', 'Sark', 'Herm']) {
      expect(
        await errorsOf(jerseyDelivery({ Island: island, Parish: '', Postcode: 'JE3 1AA' })),
      ).toEqual({ Postcode: `A ${island} postcode starts with GY` });
    }
    expect(await errorsOf(jerseyDelivery({ Postcode: 'JE2' }))).toEqual({
      Postcode: 'Postcode is invalid',
    });
    // a Guernsey postcode on a Guernsey address is fine
    const { token } = await customer();
    await saved(token, jerseyDelivery({ Island: 'Guernsey', Parish: 'Vale', Postcode: 'gy3 5ab' }));
  });

  test('Jersey and Guernsey need a parish from their own list', async () => {
    expect(await errorsOf(jerseyDelivery({ Parish: '' }))).toEqual({
      Parish: 'Please choose an option from the list',
    });
    expect(
      await errorsOf(
        jerseyDelivery({ Island: 'Guernsey', Parish: 'St Helier', Postcode: 'GY1 1AA' }),
      ),
    ).toEqual({ Parish: 'Please choose an option from the list' });
    expect(await errorsOf(jerseyDelivery({ Island: 'Atlantis' }))).toEqual({
      Island: 'Please choose an option from the list',
    });
  });

  test('a billing address needs a country and a town', async () => {
    expect(await errorsOf(ukBilling({ Country: '', Town: '', Postcode: '' }))).toEqual({
      Country: 'Please choose an option from the list',
      Town: 'This field is required',
    });
    expect(await errorsOf(ukBilling({ Country: 'XX' }))).toEqual({
      Country: 'Please choose an option from the list',
    });
  });

  test('a UK-style postcode in GB, Jersey, Guernsey and the Isle of Man', async () => {
    for (const Country of ['GB', 'JE', 'GG', 'IM']) {
      expect(await errorsOf(ukBilling({ Country, Postcode: '75001' }))).toEqual({
        Postcode: 'Postcode is invalid',
      });
      expect(await errorsOf(ukBilling({ Country, Postcode: '' }))).toEqual({
        Postcode: 'This field is required',
      });
    }
  });

  test('lengths, telephone, wrong types and unknown fields', async () => {
    expect(
      await errorsOf(
        ukBilling({
          FullName: 'x'.repeat(101),
          Telephone: 'call me',
          Line2: 7 as unknown as string,
        }),
      ),
    ).toEqual({
      FullName: 'This field must be fewer than 101 characters',
      Telephone: 'Please enter a valid telephone number',
      Line2: 'must be text',
    });
    const unknown = await errorsOf({ ...ukBilling(), Id: 4 });
    expect(unknown).toEqual({ body: 'Unrecognized key: "Id"' });
  });
});

describe('POST /public/addresses', () => {
  test('lists the caller’s own addresses, 10 a page, Updated ascending by default', async () => {
    const { token } = await customer();
    const other = await customer();
    await saved(other.token, jerseyDelivery({ FullName: 'Someone Else' }));
    const made = [];
    for (let i = 1; i <= 12; i++) {
      made.push(
        await saved(token, i % 3 ? ukBilling({ Line1: `${i} High Street` }) : jerseyDelivery()),
      );
    }

    const first = addressListResponse.parse((await list(token)).json()); // no body at all
    expect(first).toMatchObject({ total: 12, page: 1, itemsPerPage: 10 });
    expect(first.items.map((a) => a.Id)).toEqual(made.slice(0, 10).map((a) => a.Id));
    const second = addressListResponse.parse((await list(token, { options: { page: 2 } })).json());
    expect(second.items.map((a) => a.Id)).toEqual(made.slice(10).map((a) => a.Id));
    const emptyJson = await ctx.post('/public/addresses', '', bearer(token));
    expect(emptyJson.json().items).toHaveLength(10);

    const newest = addressListResponse.parse(
      (await list(token, { options: { sortDesc: true, itemsPerPage: 3 } })).json(),
    );
    expect(newest.items.map((a) => a.Id)).toEqual(
      made
        .slice(-3)
        .reverse()
        .map((a) => a.Id),
    );

    const delivery = addressListResponse.parse(
      (await list(token, { filter: { Type: 'Delivery' } })).json(),
    );
    expect(delivery.total).toBe(4);
    expect(
      delivery.items.every((a) => a.Type === 'Delivery' && a.FullName !== 'Someone Else'),
    ).toBe(true);
  });

  test('refuses unknown options and filters', async () => {
    const { token } = await customer();
    expect(
      fieldErrors(await list(token, { options: { sortBy: 'Postcode', itemsPerPage: 0 } })),
    ).toEqual({
      'options.sortBy': 'must be one of Updated, Created, FullName, Id',
      'options.itemsPerPage': 'must be between 1 and 100',
    });
    expect(fieldErrors(await list(token, { filter: { Type: 'Home' } }))).toEqual({
      'filter.Type': 'must be Delivery or Billing',
    });
  });
});

describe('PUT /public/addresses/{Id}', () => {
  test('changes the address; its Updated moves and it sorts last', async () => {
    const { token } = await customer();
    const home = await saved(token, jerseyDelivery());
    const work = await saved(token, jerseyDelivery({ Line1: 'La Route de la Haule' }));

    const res = await update(
      token,
      home.Id,
      jerseyDelivery({ Line1: '4 Mont Millais', Parish: 'St Saviour', Postcode: 'JE2 7AA' }),
    );
    expect(res.statusCode).toBe(200);
    const changed = addressSchema.parse(res.json());
    expect(changed).toMatchObject({
      Id: home.Id,
      Line1: '4 Mont Millais',
      Parish: 'St Saviour',
      Postcode: 'JE2 7AA',
      Created: home.Created,
    });
    expect(Date.parse(changed.Updated)).toBeGreaterThan(Date.parse(home.Updated));
    const after = addressListResponse.parse((await list(token)).json());
    expect(after.items.map((a) => a.Id)).toEqual([work.Id, home.Id]);
  });

  test('a delivery address may become a billing one, checked by the billing rules', async () => {
    const { token } = await customer();
    const address = await saved(token, jerseyDelivery());
    expect(
      fieldErrors(await update(token, address.Id, { ...jerseyDelivery(), Type: 'Billing' })),
    ).toEqual({ Country: 'Please choose an option from the list' });
    const billing = addressSchema.parse(
      (
        await update(token, address.Id, { ...jerseyDelivery(), Type: 'Billing', Country: 'JE' })
      ).json(),
    );
    expect(billing).toMatchObject({ Type: 'Billing', Island: null, Country: 'JE' });
  });

  test('another customer’s address, or an unknown one, is 404 and stays as it was', async () => {
    const ann = await customer();
    const bob = await customer();
    const annHome = await saved(ann.token, jerseyDelivery());
    for (const res of [
      await update(bob.token, annHome.Id, jerseyDelivery({ Line1: 'Taken' })),
      await update(ann.token, 2_000_000_000, jerseyDelivery()),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, message: ADDRESS_MESSAGES.notFound });
    }
    const annList = addressListResponse.parse((await list(ann.token)).json());
    expect(annList.items[0]).toEqual(annHome);
    expect(fieldErrors(await update(ann.token, 'abc', jerseyDelivery()))).toEqual({
      Id: 'must be a number',
    });
  });
});

describe('DELETE /public/addresses/{Id}', () => {
  test('deletes the address; a second time it is 404', async () => {
    const { token } = await customer();
    const keep = await saved(token, ukBilling());
    const gone = await saved(token, jerseyDelivery());
    const res = await remove(token, gone.Id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(addressListResponse.parse((await list(token)).json()).items).toEqual([keep]);
    expect((await remove(token, gone.Id)).statusCode).toBe(404);
  });

  test('another customer’s address is 404 and is not deleted', async () => {
    const ann = await customer();
    const bob = await customer();
    const annHome = await saved(ann.token, jerseyDelivery());
    const res = await remove(bob.token, annHome.Id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, message: ADDRESS_MESSAGES.notFound });
    expect(addressListResponse.parse((await list(ann.token)).json()).total).toBe(1);
  });
});

describe('deleting the account', () => {
  test('deletes the saved addresses with it', async () => {
    const { token, id, password } = await customer();
    await saved(token, jerseyDelivery());
    await saved(token, ukBilling());
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/public/members/delete',
      headers: bearer(token),
      payload: { CurrentPassword: password },
    });
    expect(res.statusCode).toBe(204);
    expect(await ctx.database.db.$count(addresses, eq(addresses.customerId, id))).toBe(0);
  });
});

describe('findCustomerAddress (for the checkout)', () => {
  test('answers the customer’s own address as its fields, null for anyone else’s', async () => {
    const ann = await customer();
    const bob = await customer();
    const home = await saved(ann.token, jerseyDelivery());
    // as stored: the postcode normalised, the country from the island
    expect(await findCustomerAddress(ctx.database.db, ann.id, home.Id)).toEqual({
      ...jerseyDelivery(),
      Country: 'JE',
      Postcode: 'JE2 3AB',
    });
    expect(await findCustomerAddress(ctx.database.db, bob.id, home.Id)).toBeNull();
    expect(await findCustomerAddress(ctx.database.db, ann.id, home.Id + 1000)).toBeNull();
  });
});

describe('text the database cannot keep', () => {
  test('is a 400 naming the field, and nothing is stored', async () => {
    const { token, id } = await customer();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/public/addresses/create',
      headers: bearer(token),
      payload: { ...jerseyDelivery(), Line1: '1 Rue\u0000 de Haut', Town: 'St Helier\ud800' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'Line1', error: MESSAGES.cleanText },
        { field: 'Town', error: MESSAGES.cleanText },
      ]),
    );
    expect(await ctx.database.db.$count(addresses, eq(addresses.customerId, id))).toBe(0);
  });
});
