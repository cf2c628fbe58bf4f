import { Suspense, useState } from 'react';
import { lazyChunk } from '../../lib/lazy';
import { whenIdle } from '../../lib/schedule';
import ForgottenPasswordDialog from './forgotten-password-dialog';
import LoginDialog from './login-dialog';
import { useDialogs } from './dialog-store';

// Login and Forgotten Password are drawn into every customer page's HTML, closed, and opened by
// their buttons with no script (dialog-store.ts `commandFor`): a press answers before the page's
// code has loaded (issue 23, docs/decisions/0029). Their code is a few KB of the page's own.
// Register, a long form with the date field and the password rules, is fetched when reached for.
const loadRegister = () => import('./register-dialog');
const RegisterDialog = lazyChunk('register-dialog', loadRegister);

/**
 * Starts fetching the Register dialog's code when the pointer or focus reaches Register, once the
 * browser is idle: on a phone the pointer reaches the buttons in the same gesture as a press on
 * Login, and asking for a chunk (its preload links written into the page) held that press's
 * answer back by about 100 ms with the CPU slowed 4x (issue 23).
 */
export function preloadAccountDialogs() {
  whenIdle(() => void loadRegister(), 1000);
}

/** Whether a flag was ever on: the dialog stays mounted after that. */
function useEverTrue(flag: boolean) {
  const [ever, setEver] = useState(flag);
  if (flag && !ever) setEver(true);
  return ever || flag;
}

/** The account dialogs (Login, Register, Forgotten Password), mounted once in the root. */
export function AccountDialogs() {
  const register = useEverTrue(useDialogs().showRegister);
  return (
    <>
      <LoginDialog />
      <ForgottenPasswordDialog />
      <Suspense fallback={null}>{register && <RegisterDialog />}</Suspense>
    </>
  );
}
