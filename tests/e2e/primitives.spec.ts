// The plain primitives of the light screens beside their MUI counterparts (docs/decisions/0023),
// screenshotted at 375 and 1280 px for a reviewer to compare.
import type { Locator } from '@playwright/test';
import { expect, screenshots, test } from './support/fixtures';
import { hydrated } from './support/site';

const box = async (locator: Locator) => (await locator.boundingBox())!;

test('each plain primitive looks like its MUI counterpart', async ({ page }) => {
  await page.goto('/dev/primitives/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Primitives' })).toBeVisible();

  // A field is as tall as MUI's, its outline and error in the same colours.
  const plainField = page.getByTestId('Field-plain').locator('.field__box').first();
  const muiField = page.getByTestId('Field-mui').locator('.MuiOutlinedInput-root').first();
  expect(
    Math.abs((await box(plainField)).height - (await box(muiField)).height),
  ).toBeLessThanOrEqual(1);
  const plainError = page.getByTestId('Field-plain').getByText('Enter a Jersey postcode');
  const muiError = page.getByTestId('Field-mui').getByText('Enter a Jersey postcode');
  const colour = (l: Locator) => l.evaluate((e) => getComputedStyle(e).color);
  expect(await colour(plainError)).toBe(await colour(muiError));

  // Buttons: the same fill, text colour and corner radius.
  const style = (l: Locator, property: string) =>
    l.evaluate((e, p) => getComputedStyle(e).getPropertyValue(p), property);
  const plainButton = page.getByTestId('Button-plain').getByRole('button', { name: 'Continue' });
  const muiButton = page.getByTestId('Button-mui').getByRole('button', { name: 'Continue' });
  for (const property of ['background-color', 'color', 'border-top-left-radius', 'font-size']) {
    expect(await style(plainButton, property), property).toBe(await style(muiButton, property));
  }
  // Alerts: the same surface and text for each kind.
  for (const kind of ['info', 'success', 'warning', 'error']) {
    const plain = page
      .getByTestId('Alert-plain')
      .locator('.alert')
      .filter({ hasText: `A ${kind} message.` });
    const mui = page
      .getByTestId('Alert-mui')
      .getByRole('status')
      .filter({ hasText: `A ${kind} message.` });
    expect(await style(plain, 'background-color'), kind).toBe(await style(mui, 'background-color'));
    expect(await style(plain, 'color'), kind).toBe(await style(mui, 'color'));
  }
  // Checkboxes and radios: a row as tall as MUI's, ticked in the same teal, a label in error red.
  for (const [name, role] of [
    ['Checkbox', 'checkbox'],
    ['Radio', 'radio'],
  ] as const) {
    const plainRow = page.getByTestId(`${name}-plain`).locator('label:has(input)').first();
    const muiRow = page.getByTestId(`${name}-mui`).locator('label:has(input)').first();
    expect(
      Math.abs((await box(plainRow)).height - (await box(muiRow)).height),
      name,
    ).toBeLessThanOrEqual(2);
    await expect(page.getByTestId(`${name}-plain`).getByRole(role).first()).toBeChecked();
    const plainIcon = page.getByTestId(`${name}-plain`).locator('.choice__icon').first();
    const muiTicked = page.getByTestId(`${name}-mui`).locator('.Mui-checked').first();
    expect(await style(plainIcon, 'background-color'), name).toBe(await style(muiTicked, 'color'));
    expect((await box(plainIcon)).width).toBe((await box(muiTicked.locator('svg').first())).width);
  }
  const plainInvalid = page.getByTestId('Checkbox-plain').getByText('Fragile handling');
  const muiInvalid = page.getByTestId('Checkbox-mui').getByText('Fragile handling');
  expect(await colour(plainInvalid)).toBe(await colour(muiInvalid));
  await screenshots(page, 'primitives');

  // Dialogs: both named by their title, modal, closed by Escape.
  for (const [which, opener] of [
    ['plain', 'Open the plain dialog'],
    ['mui', 'Open the MUI dialog'],
  ] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: opener }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
    await screenshots(page, `primitives-dialog-${which}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});
