import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/**
 * A part no other address or key of this run has: the time and a random tail, since two workers
 * run journeys at once (the time alone may be the same in both).
 */
export const unique = () => `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;

/** Logs in through the open Login dialog. */
export async function logIn(
  page: Page,
  email: string,
  password: string,
  /** false: only sent (a test that holds the answer back). */
  { answered = true } = {},
) {
  const login = page.getByRole('dialog', { name: 'Login' });
  await login.getByRole('textbox', { name: 'Email' }).fill(email);
  await login.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  if (!answered) return;
  // Answered: logged in (the dialog closes once the session is stored) or refused (its alert).
  // A page opened before then would find no session.
  const refused = login.getByRole('alert');
  try {
    await expect
      .poll(async () => (await refused.isVisible()) || !(await login.isVisible()))
      .toBe(true);
  } catch (error) {
    // Neither: what the dialog shows and holds then tells a lost press from a slow answer.
    throw new Error(`The login was not answered; the dialog shows ${await dialogState(login)}`, {
      cause: error,
    });
  }
}

/** The Login dialog's text and fields, and whether the page has hydrated, for a failure's message. */
function dialogState(login: Locator) {
  return login.evaluate((dialog) => {
    const fields = [...dialog.querySelectorAll('input')]
      .map(
        (input) => `${input.name}: ${input.value ? `${input.value.length} characters` : 'empty'}`,
      )
      .join(', ');
    return `"${dialog.textContent?.replace(/\s+/g, ' ').trim()}" (${fields}; hydrated: ${document.documentElement.dataset.hydrated ?? 'no'})`;
  });
}

/** Registers a customer through the API; answers the e-mail, password and access token. */
export async function registerCustomer(request: APIRequestContext, firstName = 'Ann') {
  const email = `${firstName.toLowerCase()}.${unique()}@example.je`;
  const password = 'Gorey-Harbour-77';
  const res = await request.post('/public/auth/register', {
    data: {
      FirstName: firstName,
      LastName: 'Le Brocq',
      Email: email,
      Password: password,
      ConfirmPassword: password,
      Country: 'Jersey',
      TermsAndConditions: true,
    },
  });
  expect(res.status()).toBe(200);
  return { email, password, token: (await res.json()) as string };
}

interface OutboxEntry {
  to: string;
  kind: string;
  subject: string;
  links: string[];
}

/** The path of the first link containing `marker` in the newest e-mail of `kind` to `to`. */
export async function linkFromOutbox(
  request: APIRequestContext,
  to: string,
  kind: string,
  marker: string,
) {
  let path: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/dev/outbox.json');
        const entries = (await res.json()) as OutboxEntry[];
        const mail = entries.find((e) => e.to.includes(to) && e.kind === kind);
        const link = mail?.links.find((l) => l.includes(marker));
        path = link && new URL(link).pathname;
        return path;
      },
      { message: `a ${kind} e-mail to ${to}`, timeout: 20_000 },
    )
    .toBeTruthy();
  return path!;
}
