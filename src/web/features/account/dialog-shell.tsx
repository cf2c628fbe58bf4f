import type { ReactNode } from 'react';
import { AppProviders } from '../../components/app-providers';
import { DialogFrame } from '../../components/dialog-frame';
import { dialogs, isOpen, useDialogs, type DialogName } from './dialog-store';

interface Props {
  /** The dialog's flag in dialog-store.ts: it is open while the flag is on. */
  name: DialogName;
  title: string;
  /** SPEC section 9: 500 (Login, Forgotten Password) or 900 (Register). */
  width: 500 | 900;
  /** Full screen on phones (the long register form). */
  fullScreenOnPhone?: boolean;
  children: ReactNode;
}

/**
 * The frame of the account dialogs, with the app screens' providers: a title, a close button, and
 * the spec's width.
 */
export function DialogShell(props: Props) {
  return (
    <AppProviders>
      <Frame {...props} />
    </AppProviders>
  );
}

function Frame({ name, ...props }: Props) {
  const open = isOpen(useDialogs(), name);
  return <DialogFrame {...props} open={open} onClose={() => dialogs.close(name)} />;
}
