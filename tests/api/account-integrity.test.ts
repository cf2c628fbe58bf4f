import { describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { AUTH_MESSAGES } from '../../src/shared/api/auth';
import { MESSAGES } from '../../src/shared/validation/messages';
import { mailOutbox, users } from '../../src/server/db/schema';
import { useTestApp } from '../support/app';
import { accountCalls, bearer, registerCustomer, waitForMail } from '../support/accounts';
import { newRegistration } from '../support/registration';

// Text PostgreSQL cannot keep is refused with a 400 naming the field, and every account
// use case is one transaction with its e-mails queued inside it, so a failure leaves nothing.
const ctx = useTestApp();
const { me, login, userByEmail } = accountCalls(ctx);

const update = (token: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: '/public/members/update', headers: bearer(token), payload });
const profileOf = (user: { email: string; body: ReturnType<typeof newRegistration> }) => ({
  FirstName: user.body.FirstName,
  LastName: user.body.LastName,
  Email: user.email,
  Country: user.body.Country,
  Marketing: false,
});
const mailsTo = async (to: string) =>
  (await ctx.database.db.select().from(mailOutbox)).filter((m) => m.message.to === to);

/** Makes the database refuse to queue any e-mail of `kind` (a failure after the first writes). */
async function failMailOf(kind: string) {
  await ctx.database.executeSql(`
    create or replace function refuse_mail() returns trigger language plpgsql as $$
    begin
      if new.kind = '${kind}' then raise exception 'mail refused for the test'; end if;
      return new;
    end $$;
    drop trigger if exists refuse_mail on mail_outbox;
    create trigger refuse_mail before insert on mail_outbox
      for each row execute function refuse_mail();`);
  return () => ctx.database.executeSql('drop trigger if exists refuse_mail on mail_outbox');
}

describe('text the database cannot keep', () => {
  test.each([
    ['a lone surrogate', 'FirstName', 'A\ud800'],
    ['a lone low surrogate', 'LastName', '\udc00B'],
    ['a NUL', 'LastName', 'Le\u0000Brocq'],
    ['a control character', 'Telephone', '01534\u0007123456'],
    ['a header line forged with CR LF', 'FirstName', 'Eve\r\nBcc: victim@example.com'],
    ['a line break', 'LastName', 'Le\nBrocq'],
    ['a tab', 'FirstName', 'Eve\tAdams'],
    ['a NUL in the password', 'Password', 'Gorey-Harbour-77\u0000'],
  ])(
    'register: %s is a 400 naming the field, and no account exists',
    async (_what, field, value) => {
      const body = { ...newRegistration(), [field]: value };
      if (field === 'Password') body.ConfirmPassword = value;
      const res = await ctx.post('/public/auth/register', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ field, error: MESSAGES.cleanText });
      expect(await userByEmail(body.Email)).toBeUndefined();
      expect(await mailsTo(body.Email)).toEqual([]);
    },
  );

  test('emoji and accents are fine', async () => {
    const { token } = await registerCustomer(ctx, { FirstName: 'Zoë 🌊', LastName: 'Le Maître' });
    expect((await me(token)).json()).toMatchObject({ FirstName: 'Zoë 🌊', LastName: 'Le Maître' });
  });

  test('profile update: a NUL is a 400, and neither the address nor the session changes', async () => {
    const user = await registerCustomer(ctx);
    const newEmail = `nul.${Date.now()}@example.je`;
    const res = await update(user.token, {
      ...profileOf(user),
      LastName: 'Le\u0000Brocq',
      Email: newEmail,
      CurrentPassword: user.password,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'LastName', error: MESSAGES.cleanText }]);
    expect((await me(user.token)).json().Email).toBe(user.email);
    expect(await mailsTo(newEmail)).toEqual([]);
  });
});

describe('one transaction per use case', () => {
  test('register: a failure while queueing the welcome e-mail leaves no account', async () => {
    const restore = await failMailOf('welcome');
    try {
      const body = newRegistration();
      const res = await ctx.post('/public/auth/register', body);
      expect(res.statusCode).toBe(500);
      expect(await userByEmail(body.Email)).toBeUndefined();
      expect((await login(body.Email, body.Password)).statusCode).toBe(401);
    } finally {
      await restore();
    }
  });

  test('a failed address change keeps the old address, session and links, and tells nobody', async () => {
    const user = await registerCustomer(ctx);
    await waitForMail(ctx, { to: user.email, kind: 'welcome' });
    const restore = await failMailOf('email-changed');
    const newEmail = `moved.${Date.now()}@example.je`;
    try {
      const res = await update(user.token, {
        ...profileOf(user),
        Email: newEmail,
        CurrentPassword: user.password,
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect((await me(user.token)).json().Email).toBe(user.email); // the old token still works
    expect(await mailsTo(newEmail)).toEqual([]); // no validation link went to the new address
    // and the change succeeds once the failure is gone, telling the old address
    const res = await update(user.token, {
      ...profileOf(user),
      Email: newEmail,
      CurrentPassword: user.password,
    });
    expect(res.statusCode).toBe(200);
    await waitForMail(ctx, { to: user.email, kind: 'email-changed' });
  });
});

describe('the current password guards the address and the account', () => {
  test('changing the e-mail address needs the current password', async () => {
    const user = await registerCustomer(ctx);
    const newEmail = `stolen.${Date.now()}@example.je`;
    const missing = await update(user.token, { ...profileOf(user), Email: newEmail });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      statusCode: 400,
      message: AUTH_MESSAGES.currentPasswordNeeded,
      errors: [{ field: 'CurrentPassword', error: MESSAGES.required }],
    });
    const wrong = await update(user.token, {
      ...profileOf(user),
      Email: newEmail,
      CurrentPassword: 'Not-my-password-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { field: 'CurrentPassword', error: AUTH_MESSAGES.currentPasswordWrong },
    ]);
    expect((await me(user.token)).json().Email).toBe(user.email);
    // other fields change without it
    const rename = await update(user.token, { ...profileOf(user), FirstName: 'Annie' });
    expect(rename.statusCode).toBe(200);
  });

  test('deleting the account needs the current password', async () => {
    const user = await registerCustomer(ctx);
    const del = (payload?: object) =>
      ctx.app.inject({
        method: 'DELETE',
        url: '/public/members/delete',
        headers: bearer(user.token),
        ...(payload ? { payload } : {}),
      });
    expect((await del()).statusCode).toBe(400);
    const wrong = await del({ CurrentPassword: 'Not-my-password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { field: 'CurrentPassword', error: AUTH_MESSAGES.currentPasswordWrong },
    ]);
    expect((await me(user.token)).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, user.email));
    expect(row.deletedAt).toBeNull();
    expect((await del({ CurrentPassword: user.password })).statusCode).toBe(204);
    expect((await me(user.token)).statusCode).toBe(401);
    expect(await ctx.database.db.$count(users, sql`lower(email) = lower(${user.email})`)).toBe(0);
  });
});
