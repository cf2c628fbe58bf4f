import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Icon, icons } from './icons';
import './plain-dialog.css';

export interface PlainDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The dialog's largest width in px (SPEC section 9: 500 or 900). */
  width: number;
  /** The id of the element that says what the dialog asks (a confirmation's question). */
  describedBy?: string;
  children: ReactNode;
}

/**
 * The plain counterpart of DialogFrame (dialog-frame.tsx) for the light screens: a modal
 * <dialog> named by its title, with a close button, drawn like MUI's dialog from the same tokens.
 * The browser gives it what MUI's gives: focus moved in, the page behind inert, Escape to close.
 */
export function PlainDialog({
  open,
  onClose,
  title,
  width,
  describedBy,
  children,
}: PlainDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
    if (!open && element?.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="plain-dialog"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      style={{ maxWidth: width }}
      onClose={onClose}
    >
      <h2 id={titleId} className="plain-dialog__title">
        {title}
      </h2>
      <button
        type="button"
        className="icon-button plain-dialog__close"
        aria-label="Close"
        onClick={onClose}
      >
        <Icon path={icons.close} />
      </button>
      <div className="plain-dialog__content">{children}</div>
    </dialog>
  );
}
