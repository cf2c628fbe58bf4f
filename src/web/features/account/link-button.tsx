import type { ReactNode } from 'react';

/** A button that looks like a link, for the account screens' in-text actions (Register, Back). */
export function LinkButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="link-button account-link" onClick={onClick}>
      {children}
    </button>
  );
}
