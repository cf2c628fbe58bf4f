import type { ReactNode } from 'react';
import { Popover } from '@mui/material';

interface Props {
  /** The header button the panel hangs from; null when closed. */
  anchor: HTMLElement | null;
  onClose: () => void;
  id?: string;
  /** The panel's own attributes (its accessible name, a test id) and styles. */
  paper: Record<string, unknown> & { sx?: Record<string, unknown> };
  children: ReactNode;
}

/**
 * A panel hanging from a header button (the account menu, the basket): under it, right edges
 * aligned, 340 px wide, a dialog for assistive technology that keeps the focus inside while open.
 */
export function HeaderPopover({ anchor, onClose, id, paper: { sx, ...paper }, children }: Props) {
  return (
    <Popover
      id={id}
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { role: 'dialog', ...paper, sx: { width: 340, ...sx } } as object }}
    >
      {children}
    </Popover>
  );
}
