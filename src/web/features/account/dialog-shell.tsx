import type { ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { AppProviders } from '../../components/app-providers';
import { CloseIcon } from '../../components/mui-icons';
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

function Frame({ name, title, width, fullScreenOnPhone, children }: Props) {
  const open = isOpen(useDialogs(), name);
  const onClose = () => dialogs.close(name);
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
