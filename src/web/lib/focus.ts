/**
 * After a form refused to send: moves the focus, once the errors have rendered, to the first
 * field marked invalid or the first error shown for a part of the form (`data-form-error`,
 * focusable), so a screen reader reads it and the next key press corrects it. `orAt` names one
 * more place the problem may be (a field the form does not mark), taken in the page's order.
 */
export function focusFirstError(form: ParentNode | null | undefined, orAt?: string) {
  const selector = ['[aria-invalid="true"]', '[data-form-error]', orAt].filter(Boolean).join(', ');
  requestAnimationFrame(() => form?.querySelector<HTMLElement>(selector)?.focus());
}

/**
 * Puts the focus on the page's content (`main#main`, as the skip link does) when nothing has it:
 * it is on the document's body, or on an element inside `leaving` (a dialog about to go). A
 * control that went away (a step's Continue, a dialog's button after a log-in) otherwise leaves
 * the focus nowhere: a screen reader says nothing and the next Tab starts where the browser
 * guesses. Anything else that has the focus keeps it.
 */
export function focusContentIfLost(leaving?: Element | null) {
  const active = document.activeElement;
  if (active && active !== document.body && !leaving?.contains(active)) return;
  document.getElementById('main')?.focus({ preventScroll: true });
}
