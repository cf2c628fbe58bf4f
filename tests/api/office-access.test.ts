import { describe, expect, test } from 'vitest';
import { useTestApp } from '../support/app';
import { bearer, registerCustomer } from '../support/accounts';
import { staffMember } from '../support/staff';

const ctx = useTestApp();

/** Every office call, with a body it would take: made-up ids are not found once let in. */
const ROUTES: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
  ['GET', '/api/admin/orders'],
  ['GET', '/api/admin/orders/999999'],
  ['POST', '/api/admin/orders/999999/cancel', { Reason: 'Customer asked us to' }],
  ['POST', '/api/admin/orders/999999/refund', { Amount: 1, Reason: 'Goodwill' }],
  ['POST', '/api/admin/orders/999999/invoices', { Amount: 5, Reason: 'Storage' }],
  ['POST', '/api/admin/orders/999999/notes', { Note: 'Rang the customer' }],
  ['GET', '/api/admin/quotes?state=waiting'],
  ['POST', '/api/admin/quotes/999999/price', { Amount: 80, Note: '' }],
  ['GET', '/api/admin/invoices?status=unpaid'],
  ['POST', '/api/admin/invoices/999999/void', { Reason: 'Raised by mistake' }],
  ['POST', '/api/admin/invoices/999999/remind'],
  ['GET', '/api/admin/cases'],
  ['GET', '/api/admin/cases/999999'],
  ['POST', '/api/admin/cases/999999/reply', { Message: 'We are looking into it.' }],
  ['POST', '/api/admin/cases/999999/resolve', { Message: 'Found it.', Refund: 2 }],
  [
    'POST',
    '/api/admin/cases/999999/remeasure',
    { WeightKg: 5, LengthCm: 35, WidthCm: 25, HeightCm: 16 },
  ],
  ['POST', '/api/admin/cases/999999/decide', { Decision: 'reduce', Amount: 1 }],
];

describe('who may use the office’s calls', () => {
  test('anonymous 401, a customer and the depot 403, the office and admins are let in', async () => {
    const customer = await registerCustomer(ctx);
    const depot = await staffMember(ctx, 'depot');
    const office = await staffMember(ctx, 'office');
    const admin = await staffMember(ctx, 'admin');
    for (const [method, url, body] of ROUTES) {
      const call = (token?: string) =>
        ctx.app.inject({
          method,
          url,
          headers: token ? bearer(token) : {},
          ...(body === undefined ? {} : { payload: body as object }),
        });
      expect((await call()).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await call(customer.token)).statusCode, `${method} ${url} customer`).toBe(403);
      expect((await call(depot.token)).statusCode, `${method} ${url} depot`).toBe(403);
      for (const [role, member] of Object.entries({ office, admin })) {
        const res = await call(member.token);
        expect([200, 404], `${method} ${url} ${role}: ${res.body}`).toContain(res.statusCode);
      }
    }
  });

  test('a bad field is a 400 naming it', async () => {
    const office = await staffMember(ctx, 'office');
    const cases: [string, string, unknown, string][] = [
      ['GET', '/api/admin/orders?status=Lost', undefined, 'status.0'],
      ['GET', '/api/admin/orders?itemsPerPage=500', undefined, 'itemsPerPage'],
      ['GET', '/api/admin/orders?colour=red', undefined, 'querystring'],
      ['GET', '/api/admin/quotes?state=old', undefined, 'state'],
      ['GET', '/api/admin/invoices', undefined, 'status'],
      ['POST', '/api/admin/orders/1/refund', { Amount: 1.234, Reason: 'x' }, 'Amount'],
      ['POST', '/api/admin/orders/1/refund', { Amount: -2, Reason: 'x' }, 'Amount'],
      ['POST', '/api/admin/orders/1/cancel', { Reason: '  ' }, 'Reason'],
      ['POST', '/api/admin/quotes/1/price', { Amount: 0 }, 'Amount'],
      ['POST', '/api/admin/cases/1/reply', {}, 'Message'],
      ['GET', '/api/admin/orders/abc', undefined, 'Id'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await ctx.app.inject({
        method: method as 'GET' | 'POST',
        url,
        headers: bearer(office.token),
        ...(body === undefined ? {} : { payload: body as object }),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
      const fields = (res.json() as { errors: { field: string }[] }).errors.map((e) => e.field);
      expect(fields, `${method} ${url}`).toContain(field);
    }
  });
});
