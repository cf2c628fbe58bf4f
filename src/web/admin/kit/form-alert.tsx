import { Alert, type AlertProps } from '@mui/material';

/**
 * A message over a form or in place of it, nothing when there is none: an error is announced at
 * once (role alert), any other message politely (role status).
 */
export function FormAlert({ severity, children, ...props }: AlertProps) {
  if (!children) return null;
  return (
    <Alert severity={severity} role={severity === 'error' ? 'alert' : 'status'} {...props}>
      {children}
    </Alert>
  );
}
