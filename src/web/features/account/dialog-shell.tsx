import type { ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { CloseIcon } from './icons';

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  /** SPEC section 9: 500 (Login, Forgotten Password) or 900 (Register). */
  width: 500 | 900;
  /** Full screen on phones (the long register form). */
  fullScreenOnPhone?: boolean;
  children: ReactNode;
}

/** The frame of the account dialogs: a title, a close button, and the spec's width. */
export function DialogShell({ open, onClose, title, width, fullScreenOnPhone, children }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = `${title.toLowerCase().replace(/\W+/g, '-')}-dialog-title`;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={false}
      fullScreen={!!fullScreenOnPhone && phone}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { maxWidth: fullScreenOnPhone && phone ? undefined : width } } }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7, fontWeight: 700 }}>
        {title}
      </DialogTitle>
      <IconButton
        aria-label="Close"
        onClick={onClose}
        sx={{ position: 'absolute', right: 12, top: 12 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent>{children}</DialogContent>
    </Dialog>
  );
}
