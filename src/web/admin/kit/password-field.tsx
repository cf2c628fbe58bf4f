import { useState } from 'react';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { VisibilityIcon, VisibilityOffIcon } from './mui-icons';

/** A password input with a button that shows or hides what was typed. */
export function PasswordField(props: TextFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={shown ? 'Hide password' : 'Show password'}
                edge="end"
                onClick={() => setShown((s) => !s)}
              >
                {shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/**
 * A new password and its confirmation (docs/requirements.md §5: ConfirmPassword must match
 * Password).
 */
export function NewPasswordFields({
  form,
  label,
  autoFocus,
}: {
  form: { text: (field: 'Password' | 'ConfirmPassword') => TextFieldProps };
  /** The first field's label. */
  label: string;
  autoFocus?: boolean;
}) {
  return (
    <>
      <PasswordField
        {...form.text('Password')}
        label={label}
        autoComplete="new-password"
        autoFocus={autoFocus}
        required
        fullWidth
      />
      <PasswordField
        {...form.text('ConfirmPassword')}
        label="Confirm Password"
        autoComplete="new-password"
        required
        fullWidth
      />
    </>
  );
}
