import { describe, expect, test } from 'vitest';
import Fastify from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, userDataSchema } from '../../src/shared/api/auth';
import { isValidReference } from '../../src/shared/customer-reference';
import { sessions, users } from '../../src/server/db/schema';
import { authOf, registerAuth } from '../../src/server/lib/auth';
import { registerErrorHandling } from '../../src/server/lib/errors';
import { hashToken } from '../../src/server/lib/tokens';
import type { Role } from '../../src/shared/access';
import { shippingAddress } from '../../src/server/modules/auth/user-data';
import { useTestApp } from '../support/app';
import { staffMember } from '../support/staff';
import { accountCalls, bearer, registerCustomer, waitForMail } from '../support/accounts';
import { newRegistration, REQUIRED_REGISTER_FIELDS } from '../support/registration';

const ctx = useTestApp();
const { me, login, userByEmail } = accountCalls(ctx);
const setRole = (email: string, role: Role) =>
  ctx.database.db
    .update(users)
    .set({ role })
    .where(sql`lower(${users.email}) = lower(${email})`);

describe('POST /public/auth/register', () => {
  test('creates the customer and answers with the access token as a JSON string', async () => {
    const body = newRegistration({ Email: 'Marie.Renouf@Example.je', DOB: '1985-12-31' });
    const res = await ctx.post('/public/auth/register', body);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toMatch(/^"[\w-]{43}"$/);
    const token = res.json() as string;

    const user = await userByEmail('marie.renouf@example.je');
    expect(user).toMatchObject({
      salutation: 'Ms.',
      firstName: 'Ann',
      lastName: 'Le Brocq',
      email: 'Marie.Renouf@Example.je',
      country: 'Jersey',
      dob: '1985-12-31',
      telephone: '+44 1534 123456',
      marketing: true,
      role: 'customer',
      emailValidatedAt: null,
      deletedAt: null,
    });
    expect(user.termsAcceptedAt).toBeInstanceOf(Date);
    expect(isValidReference(user.reference)).toBe(true);
    // argon2id, never the password itself
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.passwordHash).not.toContain(body.Password);
    // the session keeps only the token's SHA-256
    const rows = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(hashToken(token));
    expect(rows[0].tokenHash).not.toBe(token);
    expect(rows[0].expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

    expect((await me(token)).statusCode).toBe(200);
    const welcome = await waitForMail(ctx, { to: body.Email, kind: 'welcome' });
    expect(welcome.subject).toMatch(/Welcome to Ferrybox/);
    expect(welcome.text).toContain(user.reference);
  });

  test('optional fields may be left out or empty; Marketing defaults to false', async () => {
    const body = newRegistration();
    const res = await ctx.post('/public/auth/register', {
      ...body,
      Salutation: '',
      DOB: null,
      Telephone: '',
      Marketing: undefined,
    });
    expect(res.statusCode).toBe(200);
    const user = await userByEmail(body.Email);
    expect(user).toMatchObject({ salutation: null, dob: null, telephone: null, marketing: false });
  });

  test('an address already registered, in any case, is an error on Email', async () => {
    const { email } = await registerCustomer(ctx);
    const res = await ctx.post(
      '/public/auth/register',
      newRegistration({ Email: email.toUpperCase() }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: AUTH_MESSAGES.registerFailed,
      errors: [{ field: 'Email', error: AUTH_MESSAGES.emailTaken }],
    });
  });

  test('missing fields are named, with the rule messages', async () => {
    const res = await ctx.post('/public/auth/register', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      REQUIRED_REGISTER_FIELDS.map((field) => ({ field, error: 'This field is required' })),
    );
  });

  test.each([
    ['a wrong type', { FirstName: 42 }, 'FirstName', 'This field is required'],
    [
      'an overlong name',
      { LastName: 'x'.repeat(51) },
      'LastName',
      'This field must be fewer than 51 characters',
    ],
    ['a bad e-mail', { Email: 'not-an-email' }, 'Email', 'The Email field must be a valid email'],
    [
      'an overlong e-mail',
      { Email: `${'a'.repeat(250)}@x.je` },
      'Email',
      'This field must be fewer than 255 characters',
    ],
    [
      'a short password',
      { Password: 'Ab1!', ConfirmPassword: 'Ab1!' },
      'Password',
      'This field must be at least 8 characters',
    ],
    [
      'an overlong password',
      { Password: 'A1!a'.repeat(40), ConfirmPassword: 'A1!a'.repeat(40) },
      'Password',
      'This field must be fewer than 129 characters',
    ],
    [
      'a mismatched confirmation',
      { ConfirmPassword: 'Something-else-1' },
      'ConfirmPassword',
      'The Confirm Password field confirmation does not match',
    ],
    [
      'an island that is not one',
      { Country: 'France' },
      'Country',
      'Please choose an option from the list',
    ],
    [
      'terms not accepted',
      { TermsAndConditions: false },
      'TermsAndConditions',
      'This field is required',
    ],
    ['a date of birth in the future', { DOB: '2999-01-01' }, 'DOB', 'The date must be in the past'],
    ['a date of birth not a date', { DOB: '31-02-1990' }, 'DOB', 'Please enter a valid date'],
    [
      'a bad telephone',
      { Telephone: 'call me' },
      'Telephone',
      'Please enter a valid telephone number',
    ],
    [
      'a salutation not offered',
      { Salutation: 'Lord' },
      'Salutation',
      'Please choose an option from the list',
    ],
    ['Marketing not a boolean', { Marketing: 'yes' }, 'Marketing', 'This field is required'],
  ])('%s is a 400 on that field', async (_what, change, field, message) => {
    const body = { ...newRegistration(), ...change };
    const res = await ctx.post('/public/auth/register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, error: message });
    expect(await userByEmail(body.Email as string)).toBeUndefined();
  });

  test('a body that is not JSON, or not an object, is a 400', async () => {
    const res = await ctx.post('/public/auth/register', '{"FirstName": ');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not valid JSON/);
    const array = await ctx.post('/public/auth/register', [1, 2]);
    expect(array.statusCode).toBe(400);
    const empty = await ctx.post('/public/auth/register');
    expect(empty.statusCode).toBe(400);
  });
});

describe('POST /public/auth/login', () => {
  test('the right e-mail (any case) and password give a new token', async () => {
    const { email, password, token: first } = await registerCustomer(ctx);
    const res = await login(` ${email.toUpperCase()} `, password);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const token = res.json() as string;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(token).not.toBe(first);
    expect((await me(token)).json().Email).toBe(email);
    // both sessions live
    expect((await me(first)).statusCode).toBe(200);
  });

  test('every failure is the same 401', async () => {
    const { email } = await registerCustomer(ctx);
    for (const body of [
      { email, password: 'Wrong-password-1' },
      { email: 'nobody@example.je', password: 'Gorey-Harbour-77' },
      { email, password: 'gorey-harbour-77' },
    ]) {
      const res = await ctx.post('/public/auth/login', body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, message: 'Email or password is incorrect.' });
    }
  });

  test('missing or mistyped fields are a 400 naming them', async () => {
    const res = await ctx.post('/public/auth/login', { email: '', password: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'email', error: 'This field is required' },
      { field: 'password', error: 'This field is required' },
    ]);
    const long = await ctx.post('/public/auth/login', {
      email: 'a@b.je',
      password: 'x'.repeat(129),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].field).toBe('password');
  });
});

describe('GET /public/auth/me', () => {
  test('answers the user data with the shipping address and the abilities', async () => {
    const { token, email } = await registerCustomer(ctx, { FirstName: 'Tom', LastName: 'Mauger' });
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    const data = userDataSchema.parse(res.json());
    expect(data).toMatchObject({
      FullName: 'Tom Mauger',
      FirstName: 'Tom',
      LastName: 'Mauger',
      Email: email,
      EmailValidated: false,
      Role: 'customer',
    });
    expect(isValidReference(data.Reference)).toBe(true);
    expect(data.ShippingAddress).toEqual([
      'Tom Mauger',
      'Ferrybox UK Depot',
      `Unit 7 (${data.Reference}), Quartremaine Road`,
      'Portsmouth',
      'Hampshire',
      'PO3 5QH',
    ]);
    expect(data.Ability).toEqual([
      { action: 'manage', subject: 'Account' },
      { action: 'manage', subject: 'Order' },
      { action: 'manage', subject: 'Address' },
      { action: 'manage', subject: 'Invoice' },
      { action: 'manage', subject: 'Case' },
      { action: 'read', subject: 'Certificate' },
    ]);
  });

  test('the depot address comes from the Depot/Address setting, {Reference} placed by staff', async () => {
    const { token } = await registerCustomer(ctx, { FirstName: 'Kim', LastName: 'Vibert' });
    // Read once before the edit: the address the node keeps (docs/decisions/0053) gives way to
    // the office's edit at once.
    expect((await me(token)).json().ShippingAddress[1]).toMatch(/Ferrybox UK Depot/);
    const office = await staffMember(ctx, 'office');
    const settingsCall = (payload?: object) =>
      ctx.app.inject({
        method: payload ? 'PUT' : 'GET',
        url: '/api/admin/settings',
        headers: bearer(office.token),
        ...(payload ? { payload } : {}),
      });
    const { Depot } = (await settingsCall()).json() as { Depot: { Address: string[] } };
    try {
      const edit = await settingsCall({
        Depot: { ...Depot, Address: ['Ferrybox', 'Bay {Reference}', 'Dock Road', 'PO1 1AA'] },
      });
      expect(edit.statusCode).toBe(200);
      const data = (await me(token)).json();
      expect(data.ShippingAddress).toEqual([
        'Kim Vibert',
        'Ferrybox',
        `Bay ${data.Reference}`,
        'Dock Road',
        'PO1 1AA',
      ]);
    } finally {
      await settingsCall({ Depot });
    }
  });

  test('staff and admins get their roles’ abilities', async () => {
    const { token, email } = await registerCustomer(ctx);
    await setRole(email, 'depot');
    const staff = (await me(token)).json();
    expect(staff.Role).toBe('depot');
    expect(staff.Ability).toContainEqual({ action: 'receive', subject: 'Parcel' });
    expect(staff.Ability).not.toContainEqual({ action: 'manage', subject: 'Staff' });
    await setRole(email, 'admin');
    expect((await me(token)).json().Ability).toEqual([{ action: 'manage', subject: 'all' }]);
  });

  test.each([
    ['no Authorization header', {}],
    ['an unknown token', bearer('A'.repeat(43))],
    ['a malformed header', { authorization: 'Token abc' }],
    ['a token with odd characters', { authorization: 'Bearer abc/../def' }],
    ['an overlong token', bearer('a'.repeat(500))],
  ])('%s is a 401', async (_what, headers) => {
    const res = await ctx.app.inject({ url: '/public/auth/me', headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, message: 'Please log in.' });
  });

  test('an expired session is a 401', async () => {
    const { token } = await registerCustomer(ctx);
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await me(token)).statusCode).toBe(401);
  });

  test('use slides the expiry, up to 90 days from the log-in', async () => {
    const { token } = await registerCustomer(ctx);
    const day = 24 * 3600 * 1000;
    const where = eq(sessions.tokenHash, hashToken(token));
    // last used two days ago, due to expire in one: a request pushes it back to 30 days
    await ctx.database.db
      .update(sessions)
      .set({ lastUsedAt: new Date(Date.now() - 2 * day), expiresAt: new Date(Date.now() + day) })
      .where(where);
    expect((await me(token)).statusCode).toBe(200);
    let [row] = await ctx.database.db.select().from(sessions).where(where);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * day);
    // logged in 89 days ago: the expiry cannot go past day 90
    await ctx.database.db
      .update(sessions)
      .set({
        createdAt: new Date(Date.now() - 89 * day),
        lastUsedAt: new Date(Date.now() - 2 * day),
      })
      .where(where);
    expect((await me(token)).statusCode).toBe(200);
    [row] = await ctx.database.db.select().from(sessions).where(where);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThan(1.1 * day);
  });
});

describe('POST /public/auth/logout', () => {
  test('ends this session on the server only', async () => {
    const { token, email, password } = await registerCustomer(ctx);
    const other = (await login(email, password)).json() as string;
    // sent as many clients do: a JSON content type and no body
    const res = await ctx.post('/public/auth/logout', undefined, {
      ...bearer(token),
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
    expect(await ctx.database.db.$count(sessions, eq(sessions.tokenHash, hashToken(token)))).toBe(
      0,
    );
  });

  test('without a session it still answers 204', async () => {
    expect((await ctx.post('/public/auth/logout')).statusCode).toBe(204);
    expect((await ctx.post('/public/auth/logout', undefined, bearer('nope'))).statusCode).toBe(204);
  });
});

describe('app.requireAuth()', () => {
  test('checks the role’s abilities: 401 without a session, 403 without the permission', async () => {
    const app = Fastify();
    app.decorate('database', ctx.database);
    registerErrorHandling(app);
    registerAuth(app);
    app.get(
      '/depot',
      { onRequest: app.requireAuth({ can: ['receive', 'Parcel'] }) },
      async (r) => ({
        id: authOf(r).user.id,
      }),
    );
    app.get('/mine', { onRequest: app.requireAuth() }, async (r) => ({ id: authOf(r).user.id }));
    app.get('/anyone', { onRequest: app.requireAuth({ anyRole: true }) }, async () => ({}));
    await app.ready();
    try {
      const { token, email } = await registerCustomer(ctx);
      const call = (headers = {}) => app.inject({ url: '/depot', headers });
      expect((await call()).statusCode).toBe(401);
      const customer = await call(bearer(token));
      expect(customer.statusCode).toBe(403);
      expect(customer.json().message).toBe(AUTH_MESSAGES.forbidden);
      expect((await app.inject({ url: '/mine', headers: bearer(token) })).statusCode).toBe(200);
      await setRole(email, 'depot');
      const staff = await call(bearer(token));
      expect(staff.statusCode).toBe(200);
      expect(staff.json().id).toBe((await userByEmail(email)).id);
      // a staff session cannot act through the customer's calls, but may ask who it is
      expect((await app.inject({ url: '/mine', headers: bearer(token) })).statusCode).toBe(403);
      expect((await app.inject({ url: '/anyone', headers: bearer(token) })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('the shipping address lines', () => {
  test('the reference goes into the street line, or on a line of its own', () => {
    const depot = ['Ferrybox UK Depot', 'Unit 7, Quartremaine Road', 'Portsmouth', 'PO3 5QH'];
    expect(shippingAddress('Ann Le Brocq', 'FB7KXM3X', depot)).toEqual([
      'Ann Le Brocq',
      'Ferrybox UK Depot',
      'Unit 7 (FB7KXM3X), Quartremaine Road',
      'Portsmouth',
      'PO3 5QH',
    ]);
    expect(shippingAddress('A B', 'FB7KXM3X', ['Depot', '12 Dock Road', 'Portsmouth'])).toEqual([
      'A B',
      'Depot',
      '12 Dock Road (FB7KXM3X)',
      'Portsmouth',
    ]);
    expect(shippingAddress('A B', 'FB7KXM3X', ['Depot', 'Dock Road', 'Portsmouth'])).toEqual([
      'A B',
      'Depot',
      'Ref: FB7KXM3X',
      'Dock Road',
      'Portsmouth',
    ]);
    expect(shippingAddress('A B', 'FB7KXM3X', [])).toEqual(['A B', 'Ref: FB7KXM3X']);
  });
});
