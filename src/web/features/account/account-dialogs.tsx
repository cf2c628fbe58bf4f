import { Suspense, useState } from 'react';
import { lazyChunk } from '../../lib/lazy';
import { useDialogs } from './dialog-store';

// Each dialog (with MUI, its form and the date picker) is fetched the first time it opens, so
// none of it weighs on a page's initial JavaScript.
const loadLogin = () => import('./login-dialog');
const loadRegister = () => import('./register-dialog');
const loadForgottenPassword = () => import('./forgotten-password-dialog');
const LoginDialog = lazyChunk('login-dialog', loadLogin);
const RegisterDialog = lazyChunk('register-dialog', loadRegister);
const ForgottenPasswordDialog = lazyChunk('forgotten-password-dialog', loadForgottenPassword);

/** Starts fetching the dialogs' code (when the pointer reaches a Login or Register button). */
export function preloadAccountDialogs() {
  void loadLogin();
  void loadRegister();
  void loadForgottenPassword();
}

/** Whether a flag was ever on: a dialog stays mounted after that, to animate its closing. */
function useEverTrue(flag: boolean) {
  const [ever, setEver] = useState(flag);
  if (flag && !ever) setEver(true);
  return ever || flag;
}

/** The account dialogs (Login, Register, Forgotten Password), mounted once in the root. */
export default function AccountDialogs() {
  const { showLogin, showRegister, showForgottenPassword } = useDialogs();
  const login = useEverTrue(showLogin);
  const register = useEverTrue(showRegister);
  const forgotten = useEverTrue(showForgottenPassword);
  return (
    <>
      {/* One boundary each: fetching one dialog must not hide another. */}
      <Suspense fallback={null}>{login && <LoginDialog />}</Suspense>
      <Suspense fallback={null}>{register && <RegisterDialog />}</Suspense>
      <Suspense fallback={null}>{forgotten && <ForgottenPasswordDialog />}</Suspense>
    </>
  );
}
