import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Logs in through the open Login dialog. */
export async function logIn(page: Page, email: string, password: string) {
  const login = page.getByRole('dialog', { name: 'Login' });
  await login.getByRole('textbox', { name: 'Email' }).fill(email);
  await login.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await login.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Registers a customer through the API; answers the e-mail, password and access token. */
export async function registerCustomer(request: APIRequestContext, firstName = 'Ann') {
  const email = `${firstName.toLowerCase()}.${Date.now()}@example.je`;
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
