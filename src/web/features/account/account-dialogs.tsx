import ForgottenPasswordDialog from './forgotten-password-dialog';
import LoginDialog from './login-dialog';
import { RegisterIsland } from './register-island';

/**
 * The account dialogs (Login, Register, Forgotten Password), mounted once in the root. All three
 * are in every customer page's HTML, closed, and opened by their buttons with no script
 * (dialog-store.ts `commandFor`): a press answers before the page's code has loaded (decision 0029,
 * docs/decisions/0029). Login and Forgotten Password are a few KB of the page's own code;
 * Register, a long form with the date field and the password rules, is an island whose code is
 * fetched when it is reached for (register-island.tsx).
 */
export function AccountDialogs() {
  return (
    <>
      <LoginDialog />
      <ForgottenPasswordDialog />
      <RegisterIsland />
    </>
  );
}
