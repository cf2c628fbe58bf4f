import type { ReactNode } from 'react';
import { Link } from '@mui/material';

/** A button that looks like a link, for the account screens' in-text actions (Register, Back). */
export function LinkButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Link component="button" type="button" variant="body2" onClick={onClick}>
      {children}
    </Link>
  );
}
