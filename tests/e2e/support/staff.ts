import { expect, type Page } from '@playwright/test';

/** The admin the browser tests' server makes at start from ADMIN_EMAIL and ADMIN_PASSWORD. */
export const FIRST_ADMIN = { email: 'admin@ferrybox.test', password: 'Admin-e2e-Passw0rd!' };

/** The depot member the browser tests' server makes with `npm run create-staff` first. */
export const FIRST_DEPOT = { email: 'dana.depot@ferrybox.test', password: 'Depot-e2e-Passw0rd!' };

/** Logs a staff member in on /admin/login/ and waits for the back office's home. */
export async function staffLogIn(page: Page, email: string, password: string) {
  await page.goto('/admin/login/');
  const form = page.getByRole('form', { name: 'Staff log in' });
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

/**
 * The audit log (/admin/audit/, opened with its filters in the address) lists the action on the
 * record, made by the staff member (by name). `record` is an order, invoice or case reference
 * (ORD-…, INV-…, CASE-…); `subject` a record type (Setting, Product…).
 */
export async function expectAudited(
  page: Page,
  filters: { record?: string; subject?: string; action: string },
  who: { name: string },
) {
  const query = new URLSearchParams({ action: filters.action });
  if (filters.record) query.set('subjectId', filters.record);
  if (filters.subject) query.set('subject', filters.subject);
  await page.goto(`/admin/audit/?${query}`);
  const rows = page
    .getByRole('table', { name: 'Audit log' })
    .getByRole('row')
    .filter({ hasText: filters.action })
    .filter({ hasText: who.name });
  await expect(rows.first()).toBeVisible();
}
