import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { AUTH_MESSAGES } from '../../src/shared/api/auth';
import {
  CUSTOMER_MESSAGES,
  customerDetailResponse,
  customerExportSchema,
  customersResponse,
} from '../../src/shared/api/customers-admin';
import { exportCertificates, sessions, userTokens, users } from '../../src/server/db/schema';
import { useTestApp } from '../support/app';
import { accountCalls, bearer, linkToken, waitForMail } from '../support/accounts';
import { checkoutCustomer, JERSEY_HOME } from '../support/checkout';
import { depotCustomer, paidBooking } from '../support/depot';
import { expectStatus, officeCalls } from '../support/office';
import { shippedOrder } from '../support/parcels';
import { staffMember } from '../support/staff';

const ctx = useTestApp();
const office = officeCalls(ctx);
const accounts = accountCalls(ctx);

const search = async (query: string, token: string) => {
  const res = await office.get(`/api/admin/customers?${query}`, token);
  expectStatus(res, 200);
  return customersResponse.parse(res.json());
};
const detail = async (id: number, token: string) => {
  const res = await office.get(`/api/admin/customers/${id}`, token);
  expectStatus(res, 200);
  return customerDetailResponse.parse(res.json());
};
const act = (id: number, action: string, token: string) =>
  office.post(`/api/admin/customers/${id}/${action}`, undefined, token);

/** Every secret the database holds about an account: none may be in an answer. */
async function secretsOf(userId: number, extra: string[] = []) {
  const db = ctx.database.db;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const sessionHashes = (await db.select().from(sessions).where(eq(sessions.userId, userId))).map(
    (s) => s.tokenHash,
  );
  const linkHashes = (await db.select().from(userTokens).where(eq(userTokens.userId, userId))).map(
    (t) => t.tokenHash,
  );
  return [user.passwordHash!, ...sessionHashes, ...linkHashes, ...extra].filter(Boolean);
}

function expectNoSecret(body: string, secrets: string[]) {
  for (const secret of secrets) expect(body).not.toContain(secret);
  expect(body).not.toMatch(/password|token/i);
}

describe('the office’s customers', () => {
  test('searches by reference, part of the e-mail or the name, paged on the server', async () => {
    const { token } = await staffMember(ctx, 'office');
    const tag = `Zq${Date.now().toString(36)}`;
    const ann = await depotCustomer(ctx);
    await ctx.database.db
      .update(users)
      .set({ lastName: `Le Brocq ${tag}` })
      .where(eq(users.id, ann.id));
    const bob = await checkoutCustomer(ctx);
    await ctx.database.db
      .update(users)
      .set({ lastName: `Le Brocq ${tag}` })
      .where(eq(users.id, bob.id));
    await paidBooking(ctx, ann);

    const byReference = await search(`search=${ann.reference.toLowerCase()}`, token);
    expect(byReference.items.map((c) => c.Id)).toEqual([ann.id]);
    expect(byReference.items[0]).toMatchObject({
      Reference: ann.reference,
      Email: ann.email,
      Status: 'Active',
      EmailValidated: false,
      Orders: 1,
    });
    const byEmail = await search(`search=${encodeURIComponent(ann.email.toUpperCase())}`, token);
    expect(byEmail.items.map((c) => c.Id)).toEqual([ann.id]);
    // newest first, two a page
    const byName = await search(`search=brocq%20${tag.toLowerCase()}&itemsPerPage=1`, token);
    expect(byName.total).toBe(2);
    expect(byName.items.map((c) => c.Id)).toEqual([bob.id]);
    const second = await search(`search=brocq%20${tag}&itemsPerPage=1&page=2`, token);
    expect(second.items.map((c) => c.Id)).toEqual([ann.id]);
    // staff are not customers
    const staff = await staffMember(ctx, 'depot');
    expect((await search(`search=${encodeURIComponent(staff.email)}`, token)).total).toBe(0);
    expect((await search('search=100%25', token)).total).toBe(0);

    const bad = await office.get('/api/admin/customers?itemsPerPage=500', token);
    expectStatus(bad, 400);
    expect(bad.json().errors[0].field).toBe('itemsPerPage');
    const unknown = await office.get('/api/admin/customers?sort=x', token);
    expectStatus(unknown, 400);
  });

  test('a customer’s page: profile, addresses, orders, cases; no password or token', async () => {
    const { token } = await staffMember(ctx, 'office');
    const ann = await depotCustomer(ctx);
    const order = await shippedOrder(ctx, ann);
    const reported = await ctx.post(
      `/public/orders/missing/${order.Id}`,
      { Description: 'The kettle was not in the box.' },
      bearer(ann.token),
    );
    expectStatus(reported, 201);

    const res = await office.get(`/api/admin/customers/${ann.id}`, token);
    expectStatus(res, 200);
    const page = customerDetailResponse.parse(res.json());
    expect(page.Customer).toMatchObject({
      Reference: ann.reference,
      Email: ann.email,
      EmailValidated: false,
      Status: 'Active',
      Disabled: null,
    });
    expect(page.Addresses.map((a) => a.Line1).sort()).toContain(JERSEY_HOME.Line1);
    expect(page.Orders.total).toBe(1);
    expect(page.Orders.items[0]).toMatchObject({ Id: order.Id, Reference: order.Reference });
    expect(page.Cases).toHaveLength(1);
    expect(page.Cases[0].Messages[0].Body).toBe('The kettle was not in the box.');
    expect(page.Actions).toEqual({ ResendValidation: true, Disable: true, Enable: false });
    expectNoSecret(res.body, await secretsOf(ann.id, [ann.token]));

    expectStatus(await office.get('/api/admin/customers/999999', token), 404);
    // a staff member is not a customer
    const staff = await staffMember(ctx, 'depot');
    const notCustomer = await office.get(`/api/admin/customers/${staff.user.id}`, token);
    expectStatus(notCustomer, 404);
    expect(notCustomer.json().message).toBe(CUSTOMER_MESSAGES.noSuchCustomer);
  });

  test('resends the validation e-mail; the link validates the address', async () => {
    const office1 = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    const res = await act(ann.id, 'resend-validation', office1.token);
    expectStatus(res, 200);
    const mail = await waitForMail(ctx, { to: ann.email, kind: 'validate-email' });
    expectStatus(await accounts.validateEmail(linkToken(mail, 'validate-email')), 200);
    expect((await detail(ann.id, office1.token)).Customer.EmailValidated).toBe(true);

    const again = await act(ann.id, 'resend-validation', office1.token);
    expectStatus(again, 409);
    expect(again.json().message).toBe(CUSTOMER_MESSAGES.alreadyValidated);
    const entries = await office.get(
      `/api/admin/audit?action=resend-validation&subjectId=${ann.id}`,
      office1.token,
    );
    expect(entries.json().items).toHaveLength(1);
    expect(entries.json().items[0]).toMatchObject({
      Subject: 'Customer',
      Actor: { Id: office1.user.id, Email: office1.email, Role: 'office' },
    });
  });

  test('disabling ends the sessions at once and refuses the log-in, telling why', async () => {
    const { token, user } = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    expectStatus(await accounts.me(ann.token), 200);

    const off = await act(ann.id, 'disable', token);
    expectStatus(off, 200);
    const page = customerDetailResponse.parse(off.json());
    expect(page.Customer.Status).toBe('Disabled');
    expect(page.Actions).toMatchObject({ Disable: false, Enable: true });
    // the token in hand no longer works, and no session is left
    expectStatus(await accounts.me(ann.token), 401);
    expect(
      await ctx.database.db.select().from(sessions).where(eq(sessions.userId, ann.id)),
    ).toHaveLength(0);
    // the right password is told the account is disabled; a wrong one reads as any failure
    const refused = await accounts.login(ann.email, ann.password);
    expectStatus(refused, 403);
    expect(refused.json().message).toBe(AUTH_MESSAGES.accountDisabled);
    const wrong = await accounts.login(ann.email, 'Not-the-password-1');
    expectStatus(wrong, 401);
    expect(wrong.json().message).toBe(AUTH_MESSAGES.loginFailed);
    // disabling twice changes nothing more
    expectStatus(await act(ann.id, 'disable', token), 200);

    const on = await act(ann.id, 'enable', token);
    expectStatus(on, 200);
    expect(customerDetailResponse.parse(on.json()).Customer.Status).toBe('Active');
    expectStatus(await accounts.login(ann.email, ann.password), 200);

    const log = await office.get(`/api/admin/audit?subject=customer&subjectId=${ann.id}`, token);
    expectStatus(log, 200);
    expect(log.json().items.map((e: { Action: string }) => e.Action)).toEqual([
      'customer.enable',
      'customer.disable',
    ]);
    expect(log.json().items[1]).toMatchObject({
      Actor: { Id: user.id },
      Before: { Status: 'Active' },
      After: { Status: 'Disabled' },
    });
  });

  test('exports everything held about the customer, with no secret in it', async () => {
    const { token } = await staffMember(ctx, 'office');
    const ann = await depotCustomer(ctx);
    const order = await shippedOrder(ctx, ann);
    expectStatus(
      await ctx.post(
        `/public/orders/missing/${order.Id}`,
        { Description: 'The lamp was not in the box.' },
        bearer(ann.token),
      ),
      201,
    );
    // the certificate is issued the first time the customer downloads it
    const cert = await ctx.app.inject({
      url: `/public/orders/exportcert/${order.Id}`,
      headers: bearer(ann.token),
    });
    expectStatus(cert, 200);
    expectStatus(
      await office.post(`/api/admin/orders/${order.Id}/notes`, { Note: 'Called Ann.' }, token),
      200,
    );
    expectStatus(await act(ann.id, 'resend-validation', token), 200);
    const mail = await waitForMail(ctx, { to: ann.email, kind: 'validate-email' });

    const res = await office.get(`/api/admin/customers/${ann.id}/export`, token);
    expectStatus(res, 200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="customer-${ann.reference}.json"`,
    );
    const data = customerExportSchema.parse(res.json());
    expect(data.Customer).toMatchObject({ Reference: ann.reference, Email: ann.email });
    expect(data.Addresses).toHaveLength(2);
    expect(data.Orders).toHaveLength(1);
    const [exported] = data.Orders;
    expect(exported.Order.Reference).toBe(order.Reference);
    expect(exported.Events.map((e) => e.To)).toContain('Shipped');
    expect(exported.Events.map((e) => e.Note)).toContain('Called Ann.');
    expect(exported.Payments[0]).toMatchObject({ Status: 'paid' });
    expect(exported.Parcel).toMatchObject({ OrderId: order.Id });
    expect(exported.Cases[0].Messages[0].Body).toBe('The lamp was not in the box.');
    expect(data.Payments.map((p) => p.Status)).toEqual(['paid']);
    expect(data.Certificates).toEqual([
      expect.objectContaining({ OrderReference: order.Reference }),
    ]);
    expect(data.Sessions.length).toBeGreaterThan(0);
    expect(data.Audit.map((e) => e.Action)).toEqual(['note', 'customer.resend-validation']);
    expectNoSecret(
      res.body,
      await secretsOf(ann.id, [ann.token, linkToken(mail, 'validate-email')]),
    );
    // the verification code of the certificate is not in it either
    const [issued] = await ctx.database.db
      .select()
      .from(exportCertificates)
      .where(eq(exportCertificates.orderId, order.Id));
    expect(res.body).not.toContain(issued.code);

    // taking the export is itself in the audit log
    const log = await office.get(`/api/admin/audit?action=customer.export`, token);
    expect(log.json().items[0]).toMatchObject({ SubjectId: String(ann.id) });
  });

  test('the role matrix: office and admin; not the depot, a customer or anyone', async () => {
    const ann = await checkoutCustomer(ctx);
    const roles = {
      depot: (await staffMember(ctx, 'depot')).token,
      office: (await staffMember(ctx, 'office')).token,
      admin: (await staffMember(ctx, 'admin')).token,
      customer: (await checkoutCustomer(ctx)).token,
    };
    const calls: [string, string][] = [
      ['GET', '/api/admin/customers'],
      ['GET', `/api/admin/customers/${ann.id}`],
      ['GET', `/api/admin/customers/${ann.id}/export`],
      ['POST', `/api/admin/customers/${ann.id}/disable`],
      ['POST', `/api/admin/customers/${ann.id}/enable`],
      ['POST', `/api/admin/customers/${ann.id}/resend-validation`],
      ['GET', '/api/admin/audit'],
    ];
    for (const [method, url] of calls) {
      const as = (token?: string) =>
        ctx.app.inject({ method: method as 'GET', url, headers: token ? bearer(token) : {} });
      expect((await as()).statusCode, `anonymous ${url}`).toBe(401);
      expect((await as(roles.customer)).statusCode, `customer ${url}`).toBe(403);
      expect((await as(roles.depot)).statusCode, `depot ${url}`).toBe(403);
      expect((await as(roles.office)).statusCode, `office ${url}`).toBe(200);
      expect((await as(roles.admin)).statusCode, `admin ${url}`).toBe(200);
    }
  });
});

describe('the audit log', () => {
  test('searches by who, action, subject and id (or reference), and days; newest first', async () => {
    const ann = await staffMember(ctx, 'office');
    await ctx.database.db
      .update(users)
      .set({ firstName: 'Annabel', lastName: 'Quérée' })
      .where(eq(users.id, ann.user.id));
    const customer = await depotCustomer(ctx);
    const order = await paidBooking(ctx, customer);
    for (const note of ['First', 'Second']) {
      expectStatus(
        await office.post(`/api/admin/orders/${order.Id}/notes`, { Note: note }, ann.token),
        200,
      );
    }
    expectStatus(await act(customer.id, 'disable', ann.token), 200);
    const get = async (query: string) => {
      const res = await office.get(`/api/admin/audit?${query}`, ann.token);
      expectStatus(res, 200);
      return res.json() as {
        items: { Action: string; Subject: string; After: unknown }[];
        total: number;
      };
    };

    const mine = await get('who=annabel%20qu');
    expect(mine.items.map((e) => e.Action)).toEqual(['customer.disable', 'note', 'note']);
    expect(mine.items[0]).toMatchObject({
      Actor: { Name: 'Annabel Quérée', Email: ann.email, Role: 'office' },
    });
    expect((await get(`who=${encodeURIComponent(ann.email)}&action=note`)).total).toBe(2);
    const byOrder = await get(`subjectId=${order.Reference.toLowerCase()}`);
    expect(byOrder.items.map((e) => e.After)).toEqual([
      expect.objectContaining({ Note: 'Second' }),
      expect.objectContaining({ Note: 'First' }),
    ]);
    expect((await get(`subject=Order&subjectId=${order.Id}&who=annabel`)).total).toBe(2);
    expect((await get(`subjectId=${customer.reference}`)).items.map((e) => e.Action)).toEqual([
      'customer.disable',
    ]);
    // paging
    const firstPage = await get('who=annabel&itemsPerPage=2');
    expect(firstPage.total).toBe(3);
    expect(firstPage.items).toHaveLength(2);
    expect((await get('who=annabel&itemsPerPage=2&page=2')).items.map((e) => e.Action)).toEqual([
      'note',
    ]);
    // days, both included
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
    expect((await get(`who=annabel&from=${today}&to=${today}`)).total).toBe(3);
    expect((await get('who=annabel&to=2020-01-01')).total).toBe(0);
    expect((await get('who=annabel&from=2999-01-01')).total).toBe(0);

    const bad = await office.get('/api/admin/audit?from=2026-02-30', ann.token);
    expectStatus(bad, 400);
    expect(bad.json().errors[0].field).toBe('from');
    const backwards = await office.get('/api/admin/audit?from=2026-02-03&to=2026-02-01', ann.token);
    expectStatus(backwards, 400);
    expect(backwards.json().errors[0].field).toBe('to');
  });
});
