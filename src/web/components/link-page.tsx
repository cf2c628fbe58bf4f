import type { ReactNode } from 'react';
import { openLogin, type LoginOptions } from '../lib/dialog-store';
import './link-page.css';

/**
 * The frame of the pages opened from a link (reset password, confirm e-mail, check a
 * certificate): plain elements drawn from the design tokens (link-page.css).
 */
export function LinkPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container container--narrow link-page">
      <h1 className="link-page__title">{title}</h1>
      <div className="link-page__body">{children}</div>
    </div>
  );
}

/** A page's own action button, on a line of its own. */
export function PageButton({
  onClick,
  loading,
  children,
}: {
  onClick: () => void;
  loading?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <button
        type="button"
        className="button button--contained"
        onClick={onClick}
        disabled={loading}
        aria-busy={loading || undefined}
      >
        {children}
      </button>
    </div>
  );
}

/** Login, on a line of its own: opens the login dialog, with a message when given. */
export function LoginButton({ options }: { options?: LoginOptions }) {
  return <PageButton onClick={() => openLogin(options)}>Login</PageButton>;
}
