import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { updateSettingsSchema, type UpdateSettings } from '../../../shared/api/settings-admin';
import { useSaveSettings } from '../catalogue/api/catalogue';
import { FormAlert } from '../kit/form-alert';
import { useZodForm } from '../kit/use-zod-form';

/** The message the section shows for a field of its body (`Contact.Phone`), if any. */
type ErrorOf = (field: string) => string | undefined;

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
  children: (errorOf: ErrorOf) => ReactNode;
}) {
  const save = useSaveSettings();
  // The section's values live in its page (one state for the whole settings); its body is built
  // from them on each send.
  const form = useZodForm(updateSettingsSchema, {}, { body: build, refusal: save.error });
  const [saved, setSaved] = useState(false);
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  const send = form.handleSubmit((body) => save.mutate(body, { onSuccess: () => setSaved(true) }));
  const submit = (event: FormEvent) => {
    setSaved(false);
    send(event);
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        // a field typed in loses its message (each is named by its path, `err` below)
        onChange={(event: FormEvent<HTMLFormElement>) => {
          const { name } = event.target as HTMLInputElement;
          if (name) form.forget(name);
        }}
        aria-labelledby={id}
      >
        <Stack spacing={2}>
          <div>
            <Typography variant="h6" component="h2" id={id}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          </div>
          {children(form.error)}
          <FormAlert severity="error">{form.formError}</FormAlert>
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

/** A field's name (its path in the body) and error props from the section's messages. */
export const err = (errorOf: ErrorOf, field: string, help?: string) => ({
  name: field,
  error: errorOf(field) !== undefined,
  helperText: errorOf(field) ?? help,
});
