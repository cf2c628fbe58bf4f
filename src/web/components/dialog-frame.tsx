import { useRef, type ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { focusContentIfLost } from '../lib/focus';
import { CloseIcon } from './mui-icons';

export interface DialogFrameProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The dialog's largest width in px (SPEC section 9: 500 or 900 for the account dialogs). */
  width: number;
  /** Full screen on phones (long forms). */
  fullScreenOnPhone?: boolean;
  children: ReactNode;
}

/**
 * The frame of the app screens' dialogs: a title naming the dialog, a close button, a width. Once
 * closed, the focus goes back to the control that opened it, or to the page's content when that
 * control has gone (a log-in changes the header's buttons).
 */
export function DialogFrame({
  open,
  onClose,
  title,
  width,
  fullScreenOnPhone,
  children,
}: DialogFrameProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const frame = useRef<HTMLDivElement>(null);
  const titleId = `${title.toLowerCase().replace(/\W+/g, '-')}-dialog-title`;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={false}
      fullScreen={!!fullScreenOnPhone && phone}
      aria-labelledby={titleId}
      ref={frame}
      slotProps={{
        paper: { sx: { maxWidth: fullScreenOnPhone && phone ? undefined : width } },
        transition: { onExited: () => focusContentIfLost(frame.current) },
      }}
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
