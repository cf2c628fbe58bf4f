import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { updateSettingsSchema, type UpdateSettings } from '../../../shared/api/settings-admin';
import { useSaveSettings } from '../catalogue/api/catalogue';
import { checkForm, serverFieldErrors, type FieldErrors } from '../kit/field-errors';
import { problem } from '../kit/problem';

/** One section of the settings: its own form, Save button, errors and confirmation. */
export function Section({
  title,
  save: saveLabel,
  description,
  savedText = 'Saved. The public site shows it within seconds.',
  build,
  children,
}: {
  title: string;
  /** The Save button's words. */
  save: string;
  description: string;
  /** What the confirmation says once saved. */
  savedText?: string;
  /** The PUT body of this section from the form's values. */
  build: () => UpdateSettings;
  children: (errors: FieldErrors) => ReactNode;
}) {
  const save = useSaveSettings();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const checked = checkForm(updateSettingsSchema, build());
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    save.mutate(checked.data, {
      onSuccess: () => setSaved(true),
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  };
  const fieldless = save.error && !Object.keys(serverFieldErrors(save.error)).length;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Box component="form" noValidate onSubmit={submit} aria-labelledby={id}>
        <Stack spacing={2}>
          <div>
            <Typography variant="h6" component="h2" id={id}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          </div>
          {children(errors)}
          {fieldless ? <Alert severity="error">{problem(save.error)}</Alert> : null}
          {saved && (
            <Alert severity="success" onClose={() => setSaved(false)}>
              {savedText}
            </Alert>
          )}
          <Box>
            <Button type="submit" variant="contained" loading={save.isPending}>
              {saveLabel}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}

/** A field's error props from the section's errors. */
export const err = (errors: FieldErrors, field: string, help?: string) => ({
  error: !!errors[field],
  helperText: errors[field] ?? help,
});
