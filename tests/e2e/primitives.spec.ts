// The site's own primitives (docs/decisions/0023, 0027), the customer site's one design language,
// drawn from the design tokens: checked against the tokens and screenshotted at 375 and 1280 px.
import type { Locator } from '@playwright/test';
import { palette } from '../../src/web/design-tokens';
import { axeProblems } from './support/booking';
import { expect, screenshots, test } from './support/fixtures';
import { hydrated } from './support/site';

const box = async (locator: Locator) => (await locator.boundingBox())!;
const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};
const style = (l: Locator, property: string) =>
  l.evaluate((e, p) => getComputedStyle(e).getPropertyValue(p), property);

test('each primitive is drawn from the design tokens, with no MUI on the page', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });

  await test.step("the page has neither MUI's code nor emotion's styles", async () => {
    await page.goto('/dev/primitives/');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Primitives' })).toBeVisible();
    // Neither MUI's code nor emotion's styles.
    expect(scripts.filter((path) => /\/assets\/app-(vendor|providers)-/.test(path))).toEqual([]);
    expect(await page.locator('style[data-emotion]').count()).toBe(0);
  });

  await test.step('a field is 56 px tall, its error in the error colour', async () => {
    // A field is 56 px tall (MUI's outlined field), its error in the error colour.
    expect((await box(page.getByTestId('Field').locator('.field__box').first())).height).toBe(56);
    await expect(page.getByTestId('Field').getByText('Enter a Jersey postcode')).toHaveCSS(
      'color',
      rgb(palette.error),
    );
  });

  await test.step('buttons: the primary teal with its text colour, 8 px corners', async () => {
    // Buttons: the primary teal with its text colour, 8 px corners.
    const contained = page.getByTestId('Button').getByRole('button', { name: 'Continue' });
    expect(await style(contained, 'background-color')).toBe(rgb(palette.primary));
    expect(await style(contained, 'color')).toBe(rgb(palette.onPrimary));
    expect(await style(contained, 'border-top-left-radius')).toBe('8px');
  });

  await test.step('alerts: the surface and text of each kind', async () => {
    // Alerts: the surface and text of each kind.
    for (const kind of ['info', 'success', 'warning', 'error'] as const) {
      const alert = page
        .getByTestId('Alert')
        .locator('.alert')
        .filter({ hasText: `A ${kind} message.` });
      expect(await style(alert, 'background-color'), kind).toBe(rgb(palette[`${kind}Surface`]));
      expect(await style(alert, 'color'), kind).toBe(rgb(palette[`${kind}Text`]));
    }
  });

  await test.step('checkboxes and radios: ticked in the primary teal, a row at least 42 px tall', async () => {
    // Checkboxes and radios: ticked in the primary teal, a row at least 42 px tall.
    for (const [name, role] of [
      ['Checkbox', 'checkbox'],
      ['Radio', 'radio'],
    ] as const) {
      expect(
        (await box(page.getByTestId(name).locator('label:has(input)').first())).height,
      ).toBeGreaterThanOrEqual(42);
      await expect(page.getByTestId(name).getByRole(role).first()).toBeChecked();
      const icon = page.getByTestId(name).locator('.choice__icon').first();
      expect(await style(icon, 'background-color'), name).toBe(rgb(palette.primary));
    }
    await expect(page.getByTestId('Checkbox').getByText('Fragile handling')).toHaveCSS(
      'color',
      rgb(palette.error),
    );
    expect(await axeProblems(page)).toEqual([]);
    await screenshots(page, 'primitives');
  });

  await test.step('the dialog: named by its title, modal, closed by Escape, the focus back on its opener', async () => {
    // The dialog: named by its title, modal, closed by Escape, the focus back on its opener.
    await page.setViewportSize({ width: 1280, height: 900 });
    const opener = page.getByRole('button', { name: 'Open the dialog' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
    await screenshots(page, 'primitives-dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  await test.step("the date field's dialog: 290 px wide, Cancel and OK", async () => {
    // The date field's dialog: 290 px wide, Cancel and OK.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Choose date' }).click();
    const picker = page.getByRole('dialog', { name: 'Select date' });
    await expect(picker).toBeVisible();
    expect(Math.round((await box(picker)).width)).toBe(290);
    await expect(picker.getByRole('button', { name: 'Cancel' })).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);
    await screenshots(page, 'primitives-date-dialog');
  });
});
