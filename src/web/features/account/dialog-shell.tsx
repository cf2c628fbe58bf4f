import { useState, type ReactNode } from 'react';
import { PlainDialog } from '../../components/plain-dialog';
import { dialogs, DIALOG_IDS, isOpen, useDialogs, type DialogName } from '../../lib/dialog-store';

interface Props {
  /** The dialog's flag in dialog-store.ts: it is open while the flag is on. */
  name: DialogName;
  title: string;
  /** docs/requirements.md §9: 500 (Login, Forgotten Password) or 900 (Register). */
  width: 500 | 900;
  /** Full screen on phones (the long register form). */
  fullScreenOnPhone?: boolean;
  children: ReactNode;
}

/**
 * The frame of the account dialogs (components/plain-dialog.tsx): a title, a close button and the
 * spec's width, open while the store says so. A dialog the browser opened itself (its button's
 * `commandfor`) is marked open in the store. Each opening starts with a fresh form: the form is
 * drawn anew when the dialog closes (it stays in the page, so the next press shows it at once).
 */
export function DialogShell({ name, children, ...frame }: Props) {
  const open = isOpen(useDialogs(), name);
  // Counts the closings (the state of the last render kept beside it, React's way of adjusting
  // state to a change of props): the form is keyed by it.
  const [closings, setClosings] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open) setClosings((n) => n + 1);
  }
  return (
    <PlainDialog
      {...frame}
      id={DIALOG_IDS[name]}
      open={open}
      onOpen={() => dialogs.open(name)}
      onClose={() => dialogs.close(name)}
    >
      <div key={closings} className="account-dialog">
        {children}
      </div>
    </PlainDialog>
  );
}
