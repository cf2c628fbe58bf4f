import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Keyboard-only journeys: Tab (or Shift+Tab) until an element has the focus, and what shows the
 * focus. Nothing here clicks or fills: it presses keys and reads the page.
 */

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement).catch(() => false);

/** A short description of the focused element, for messages. */
const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing (the page itself)';
    const name = el.getAttribute('aria-label') ?? el.getAttribute('name') ?? el.textContent ?? '';
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> ${name.trim().slice(0, 60)}`;
  });

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, at most `max` times, and
 * checks that the focus shows. Fails naming where the focus went instead.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}) {
  const seen: string[] = [];
  for (let i = 0; i <= max; i++) {
    if (await isFocused(target)) {
      await expectFocusShown(page);
      return i;
    }
    if (i === max) break;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    seen.push(await focusedElement(page));
  }
  throw new Error(
    `${max} presses of ${back ? 'Shift+Tab' : 'Tab'} did not reach ${target.toString()}; the focus went to:\n  ${seen.join('\n  ')}`,
  );
}

/** Tabs to `field` (see tabTo) and types `text` into it. */
export async function tabAndType(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** Types into whatever has the focus (checked to be `field` first). */
export async function typeInto(page: Page, field: Locator, text: string) {
  await expect(field).toBeFocused();
  await page.keyboard.type(text);
}

/**
 * What makes the focused element's focus visible: an outline (its own or its label's, the
 * site's `:focus-visible` ring), MUI's keyboard focus (`Mui-focusVisible`: a ring or ripple), or
 * a text field's border drawn 2 px thick. Null when nothing shows it.
 */
const focusIndicator = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const outlined = (node: Element) => {
      const s = getComputedStyle(node);
      return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
    };
    for (let node: Element | null = el, up = 0; node && up < 4; node = node.parentElement, up++) {
      if (outlined(node)) return `outline on <${node.tagName.toLowerCase()}>`;
      if (node.classList.contains('Mui-focusVisible')) return 'MUI keyboard focus';
    }
    // a text field: the outline box around the input (MUI's, or the booking steps' copy of it)
    const box = el.closest('.MuiInputBase-root, .field');
    const border = box?.querySelector('fieldset');
    if (border && parseFloat(getComputedStyle(border).borderTopWidth) >= 2) {
      return 'field border';
    }
    return null;
  });

export async function expectFocusShown(page: Page) {
  const indicator = await focusIndicator(page);
  expect(indicator, `the focus shows on ${await focusedElement(page)}`).not.toBeNull();
}

/** The focus is `container` itself or inside it (a dialog that keeps it, the page's content). */
export async function expectFocusIn(page: Page, container: Locator) {
  await expect
    .poll(() => container.evaluate((c) => c.contains(document.activeElement)).catch(() => false), {
      message: `the focus is in ${container.toString()}`,
    })
    .toBe(true);
}

/**
 * Chooses `option` of the focused native select with the arrow keys alone (the list stays shut,
 * the choice changes at each press).
 */
export async function chooseWithArrows(page: Page, select: Locator, option: string) {
  await expect(select).toBeFocused();
  const shown = () => select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text);
  for (let i = 0; i < 30 && (await shown()) !== option; i++) await page.keyboard.press('ArrowDown');
  expect(await shown()).toBe(option);
  await expect(select).toBeFocused();
}

/** Presses Space on the focused switch or checkbox and checks it is on. */
export async function toggleOn(page: Page, control: Locator) {
  await expect(control).toBeFocused();
  await page.keyboard.press('Space');
  await expect(control).toBeChecked();
}
