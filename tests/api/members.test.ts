import { describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  profileSchema,
  profileUpdateResponseSchema,
  type ProfileUpdateInput,
} from '../../src/shared/api/auth';
import { sessions, userTokens, users } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/lib/tokens';
import { useTestApp } from '../support/app';
import {
  accountCalls,
  bearer,
  linkToken,
  registerCustomer,
  waitForMail,
} from '../support/accounts';
import { newRegistration } from '../support/registration';

const ctx = useTestApp();
const { me, login, validateEmail, openWelcomeLink } = accountCalls(ctx);

const profile = (token: string) =>
  ctx.app.inject({ url: '/public/members', headers: bearer(token) });
const update = (token: string, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/public/members/update',
    headers: bearer(token),
    payload: payload as object,
  });
/** The password every registered test customer has (tests/support/registration.ts). */
const PASSWORD = newRegistration().Password;
const remove = (token: string, CurrentPassword: string = PASSWORD) =>
  ctx.app.inject({
    method: 'DELETE',
    url: '/public/members/delete',
    headers: bearer(token),
    payload: { CurrentPassword },
  });
const userRow = async (id: number) =>
  (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0];

const edited: ProfileUpdateInput = {
  Salutation: 'Dr.',
  FirstName: 'Anne',
  LastName: 'Le Brocq-Vibert',
  Email: '',
  Country: 'Guernsey',
  DOB: '1980-02-29',
  Telephone: '01481 700 000',
  Marketing: false,
};

describe('GET /public/members', () => {
  test('answers the caller’s profile', async () => {
    const { token, email } = await registerCustomer(ctx, { Telephone: '', DOB: '' });
    const res = await profile(token);
    expect(res.statusCode).toBe(200);
    const body = profileSchema.parse(res.json());
    expect(body).toEqual({
      Salutation: 'Ms.',
      FirstName: 'Ann',
      LastName: 'Le Brocq',
      Email: email,
      EmailValidated: false,
      Country: 'Jersey',
      DOB: null,
      Telephone: null,
      Marketing: true,
      Reference: (await me(token)).json().Reference,
    });
    // the trailing-slash form answers too
    const slash = await ctx.app.inject({ url: '/public/members/', headers: bearer(token) });
    expect(slash.statusCode).toBe(200);
  });

  test('needs a session', async () => {
    const res = await ctx.app.inject({ url: '/public/members' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, message: 'Please log in.' });
  });
});

describe('PUT /public/members/update', () => {
  test('saves the profile and swaps the session for a new one', async () => {
    const { token, email } = await registerCustomer(ctx);
    const res = await update(token, { ...edited, Email: email });
    expect(res.statusCode).toBe(200);
    const body = profileUpdateResponseSchema.parse(res.json());
    expect(body.accessToken).not.toBe(token);
    expect(body.userData).toMatchObject({
      FullName: 'Anne Le Brocq-Vibert',
      FirstName: 'Anne',
      Email: email,
      Role: 'customer',
    });
    expect(body.userData.Ability.length).toBeGreaterThan(0);
    expect(body.userData.ShippingAddress[0]).toBe('Anne Le Brocq-Vibert');

    expect((await me(token)).statusCode).toBe(401); // the old token is revoked
    const after = (await profile(body.accessToken)).json();
    expect(after).toMatchObject({
      Salutation: 'Dr.',
      LastName: 'Le Brocq-Vibert',
      Country: 'Guernsey',
      DOB: '1980-02-29',
      Telephone: '01481 700 000',
      Marketing: false,
    });
    // the profile as fetched can be sent back as it is (Reference, EmailValidated are ignored)
    const again = await update(body.accessToken, { ...after, Reference: 'FB000000' });
    expect(again.statusCode).toBe(200);
    expect(again.json().userData.Reference).toBe(after.Reference);
  });

  test('a new address must be validated again: a link to it, a notice to the old one', async () => {
    const { token, email, password } = await registerCustomer(ctx, { FirstName: 'Jo' });
    expect((await openWelcomeLink(email)).statusCode).toBe(200);
    expect((await me(token)).json().EmailValidated).toBe(true);

    const newEmail = `jo.new.${Date.now()}@example.gg`;
    const res = await update(token, {
      ...edited,
      FirstName: 'Jo',
      Email: newEmail,
      CurrentPassword: password,
    });
    expect(res.statusCode).toBe(200);
    const { accessToken, userData } = res.json();
    expect(userData).toMatchObject({ Email: newEmail, EmailValidated: false });

    const notice = await waitForMail(ctx, { to: email, kind: 'email-changed' });
    expect(notice.subject).toBe('Your Ferrybox email address was changed');
    expect(notice.text).toContain(newEmail);
    const check = await waitForMail(ctx, { to: newEmail, kind: 'validate-email' });
    expect((await validateEmail(linkToken(check, 'validate-email'))).statusCode).toBe(200);
    expect((await me(accessToken)).json().EmailValidated).toBe(true);

    expect((await login(email, password)).statusCode).toBe(401);
    expect((await login(newEmail, password)).statusCode).toBe(200);
  });

  test('a validation link sent to the old address stops working', async () => {
    const { token, email } = await registerCustomer(ctx);
    const welcome = await waitForMail(ctx, { to: email, kind: 'welcome' });
    const res = await update(token, {
      ...edited,
      Email: `other.${Date.now()}@example.je`,
      CurrentPassword: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const stale = await validateEmail(linkToken(welcome, 'validate-email'));
    expect(stale.statusCode).toBe(400);
    expect(stale.json().errors[0].field).toBe('token');
  });

  test('only the case of the address changing keeps it validated', async () => {
    const { token, email } = await registerCustomer(ctx);
    expect((await openWelcomeLink(email)).statusCode).toBe(200);
    const res = await update(token, { ...edited, Email: email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json().userData).toMatchObject({
      Email: email.toUpperCase(),
      EmailValidated: true,
    });
  });

  test('an address another account uses is a 400 on Email', async () => {
    const a = await registerCustomer(ctx);
    const b = await registerCustomer(ctx);
    const res = await update(b.token, {
      ...edited,
      Email: a.email.toUpperCase(),
      CurrentPassword: b.password,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'Email', error: AUTH_MESSAGES.emailTaken }]);
    expect((await me(b.token)).statusCode).toBe(200); // a failed update keeps the session
  });

  test.each([
    ['missing fields', {}, 'FirstName', 'This field is required'],
    ['a wrong type', { FirstName: ['Ann'] }, 'FirstName', 'This field is required'],
    [
      'an overlong name',
      { FirstName: 'x'.repeat(51) },
      'FirstName',
      'This field must be fewer than 51 characters',
    ],
    ['a bad e-mail', { Email: 'ann@' }, 'Email', 'The Email field must be a valid email'],
    ['a bad island', { Country: 'Wight' }, 'Country', 'Please choose an option from the list'],
    ['a future birthday', { DOB: '2999-12-31' }, 'DOB', 'The date must be in the past'],
    ['a bad telephone', { Telephone: '12' }, 'Telephone', 'Please enter a valid telephone number'],
    [
      'an overlong telephone',
      { Telephone: '1'.repeat(31) },
      'Telephone',
      'Please enter a valid telephone number',
    ],
    ['Marketing as text', { Marketing: 'no' }, 'Marketing', 'This field is required'],
  ])('%s is a 400 naming the field', async (_what, change, field, error) => {
    const { token, email } = await registerCustomer(ctx);
    const body = Object.keys(change).length ? { ...edited, Email: email, ...change } : {};
    const res = await update(token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, error });
    expect((await profile(token)).json().FirstName).toBe('Ann'); // nothing saved
  });

  test('needs a session', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/public/members/update',
      payload: { ...edited, Email: 'x@example.je' },
    });
    expect(res.statusCode).toBe(401);
    // no session is checked before the body: an empty body without a token is a 401 too
    const empty = await ctx.app.inject({ method: 'PUT', url: '/public/members/update' });
    expect(empty.statusCode).toBe(401);
  });
});

describe('one customer’s session and another’s data', () => {
  test('each session reads and changes only its own account', async () => {
    const a = await registerCustomer(ctx, { FirstName: 'Alice' });
    const b = await registerCustomer(ctx, { FirstName: 'Bob' });
    expect((await profile(a.token)).json().Email).toBe(a.email);
    expect((await profile(b.token)).json().Email).toBe(b.email);

    // Bob's update, whatever ids it carries, changes Bob only
    const res = await update(b.token, {
      ...edited,
      FirstName: 'Robert',
      Email: b.email,
      Id: 1,
      Reference: (await me(a.token)).json().Reference,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().userData.Email).toBe(b.email);
    expect((await profile(a.token)).json()).toMatchObject({ FirstName: 'Alice', Email: a.email });

    // Bob deleting his account leaves Alice's alone
    expect((await remove(res.json().accessToken)).statusCode).toBe(204);
    expect((await profile(a.token)).statusCode).toBe(200);
    expect((await login(a.email, a.password)).statusCode).toBe(200);
  });
});

describe('DELETE /public/members/delete', () => {
  test('blanks the personal data, keeps a tombstone, ends every session', async () => {
    const { token, email, password } = await registerCustomer(ctx);
    const second = (await login(email, password)).json() as string;
    const { Id, Reference } = (await me(token)).json();
    await ctx.post('/public/auth/forgot-password', { email });
    await waitForMail(ctx, { to: email, kind: 'password-reset' });

    const res = await remove(token);
    expect(res.statusCode).toBe(204);

    const row = await userRow(Id);
    expect(row).toMatchObject({ id: Id, reference: Reference, role: 'customer' });
    expect(row.deletedAt).toBeInstanceOf(Date);
    // the tombstone keeps the id, reference, role and dates; every other column is blank
    const kept = Object.entries(row).filter(([, value]) => value !== null && value !== false);
    expect(kept.map(([column]) => column).sort()).toEqual([
      'createdAt',
      'deletedAt',
      'id',
      'reference',
      'role',
      'termsAcceptedAt',
      'updatedAt',
    ]);
    expect(await ctx.database.db.$count(sessions, eq(sessions.userId, Id))).toBe(0);
    expect(await ctx.database.db.$count(userTokens, eq(userTokens.userId, Id))).toBe(0);

    for (const t of [token, second]) expect((await me(t)).statusCode).toBe(401);
    const failed = await login(email, password);
    expect(failed.statusCode).toBe(401);
    expect(failed.json().message).toBe('Email or password is incorrect.');
    // the address may be registered again, as a new customer
    const again = await registerCustomer(ctx, { Email: email });
    expect((await me(again.token)).json().Reference).not.toBe(Reference);
  });

  test('needs a session; a deleted account’s token cannot delete again', async () => {
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: '/public/members/delete' })).statusCode,
    ).toBe(401);
    const { token } = await registerCustomer(ctx);
    expect((await remove(token)).statusCode).toBe(204);
    expect((await remove(token)).statusCode).toBe(401);
    expect(await ctx.database.db.$count(sessions, eq(sessions.tokenHash, hashToken(token)))).toBe(
      0,
    );
  });

  test('a deleted account is no longer found by its old address', async () => {
    const { token, email } = await registerCustomer(ctx);
    await remove(token);
    const rows = await ctx.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    expect(rows).toEqual([]);
  });
});
