import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { focusContentIfLost } from '../lib/focus';
import { afterPaint } from '../lib/schedule';
import { Icon, icons } from './icons';
import './plain-dialog.css';

/** What Tab stops at inside a dialog, in order. */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]';

/**
 * Tab past the last control goes back to the first, and Shift+Tab before the first to the last:
 * a modal <dialog> alone lets Tab leave for the browser's own controls (the drawer, the dialogs).
 */
export function wrapFocus(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const stops = [...event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.offsetParent !== null || element.getClientRects().length > 0,
  );
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Whether this browser opens a dialog from a button's `commandfor` by itself. Where it does, the
 * button's own click handler leaves the opening to it: the dialog is shown in the press's task
 * and the page hears of it afterwards (`toggle`), so the press does not wait for the page to be
 * drawn again first (decision 0029: Log in, or Add an address, pressed on a page at rest).
 */
export const browserOpensDialogs = () =>
  typeof HTMLButtonElement !== 'undefined' && 'command' in HTMLButtonElement.prototype;

/**
 * Whether a press on a `commandfor` button opens the dialog `dialogId` by itself: the browser has
 * the Invoker Commands and the dialog is in the page (an island is not in a page drawn after the
 * back office until its code has drawn it: features/account/register-island.tsx).
 */
export const opensItself = (dialogId: string) =>
  browserOpensDialogs() && document.getElementById(dialogId) !== null;

/**
 * The click handler's part after a press on a `commandfor` button that opens `dialogId` from
 * another dialog (Login's links, the drawer's Login and Register): where the browser opened it
 * itself, `then` (closing the first) runs once it has been painted, unless the visitor has closed
 * it again meanwhile (back to the first); elsewhere `otherwise` opens it now.
 */
export function afterOpenedFrom(dialogId: string, then: () => void, otherwise: () => void) {
  const opened = opensItself(dialogId) && (document.getElementById(dialogId) as HTMLDialogElement);
  if (!opened) return otherwise();
  afterPaint(() => opened.open && then());
}

export interface PlainDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The dialog's largest width in px (docs/requirements.md §9: 500 or 900). */
  width: number;
  /** The id of the element that says what the dialog asks (a confirmation's question). */
  describedBy?: string;
  /**
   * The dialog's id, for a button that opens it with no script (`commandfor`, decision 0029): such
   * a dialog is in the page's HTML, closed, and opens before the page's code has loaded.
   */
  id?: string;
  /** Told when the browser opened the dialog itself (a `commandfor` button). */
  onOpen?: () => void;
  /** Full screen below the sm breakpoint (a long form). */
  fullScreenOnPhone?: boolean;
  children: ReactNode;
}

/**
 * The site's dialog: a modal <dialog> named by its title, with a close button, drawn from the
 * design tokens (plain-dialog.css). The browser gives it the rest: focus moved in and kept in
 * (the page behind is inert), Escape to close, and the focus back on the control that opened it;
 * when that control has gone (a log-in changes the header), the focus goes to the page's content.
 */
export function PlainDialog({
  open,
  onClose,
  title,
  width,
  describedBy,
  id,
  onOpen,
  fullScreenOnPhone,
  children,
}: PlainDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opened = useRef(onOpen);
  useEffect(() => {
    opened.current = onOpen;
  });
  const mounted = useRef(false);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // Opened by the browser before the code loaded: the code takes it over as it is.
    const openedEarly = !mounted.current && element.open && !open;
    mounted.current = true;
    if (openedEarly) opened.current?.();
    else if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  }, [open]);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // Opened by the browser (a `commandfor` button), before or after the page's code loaded: the
    // page hears of it once the open dialog has been painted.
    const toggled = () =>
      afterPaint(() => {
        if (element.open) opened.current?.();
      });
    element.addEventListener('toggle', toggled);
    return () => element.removeEventListener('toggle', toggled);
  }, []);
  return (
    <dialog
      ref={dialog}
      id={id}
      className={`plain-dialog${fullScreenOnPhone ? ' plain-dialog--full-on-phone' : ''}`}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      style={{ maxWidth: width }}
      // React passes a nested dialog's events (the date picker's in Register) up its own tree:
      // this dialog acts only on its own.
      onKeyDown={(event) => {
        if ((event.target as Element).closest('dialog') === event.currentTarget) wrapFocus(event);
      }}
      onClose={(event) => {
        if (event.target !== event.currentTarget) return;
        onClose();
        focusContentIfLost(dialog.current);
      }}
    >
      <h2 id={titleId} className="plain-dialog__title">
        {title}
      </h2>
      <div className="plain-dialog__content">{children}</div>
      {/* After the content: the browser moves the focus to the first control, the form's. */}
      <button
        type="button"
        className="icon-button plain-dialog__close"
        aria-label="Close"
        onClick={onClose}
        {...(id && { commandfor: id, command: 'close' })}
      >
        <Icon path={icons.close} />
      </button>
    </dialog>
  );
}
