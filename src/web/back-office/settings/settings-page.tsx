import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  IconButton,
  InputAdornment,
  Paper,
  Skeleton,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import {
  updateSettingsSchema,
  type SiteSettings,
  type UpdateSettings,
} from '../../../shared/api/settings-admin';
import { ISLANDS, type Island } from '../../../shared/islands';
import { useSaveSettings, useSiteSettings } from '../catalogue/api/catalogue';
import { checkForm, serverFieldErrors, type FieldErrors } from '../kit/field-errors';
import { problem } from '../kit/problem';

/**
 * /admin/settings/ (office, admin): what the public site says about us, a section at a time (the
 * notice banner, contact details, the depot, social links, island GST). Each section is saved on
 * its own and shows on the site within seconds (the cache's time).
 */
export function SettingsPage() {
  const settings = useSiteSettings();
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Settings
      </Typography>
      {settings.isError && <Alert severity="error">{problem(settings.error)}</Alert>}
      {settings.isPending && <Skeleton variant="rounded" height={240} />}
      {settings.data && <SettingsForms settings={settings.data} />}
    </Stack>
  );
}

function SettingsForms({ settings }: { settings: SiteSettings }) {
  return (
    <>
      <NoticeSection settings={settings} />
      <ContactSection settings={settings} />
      <DepotSection settings={settings} />
      <SocialSection settings={settings} />
      <TaxSection settings={settings} />
    </>
  );
}

const linesOf = (text: string) => text.split('\n').map((l) => l.trim());

/** One section of the settings: its own form, Save button, errors and confirmation. */
function Section({
  title,
  save: saveLabel,
  description,
  build,
  children,
}: {
  title: string;
  /** The Save button's words. */
  save: string;
  description: string;
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
              Saved. The public site shows it within seconds.
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
const err = (errors: FieldErrors, field: string, help?: string) => ({
  error: !!errors[field],
  helperText: errors[field] ?? help,
});

function NoticeSection({ settings }: { settings: SiteSettings }) {
  const [text, setText] = useState(settings.Notice.NoticeBanner);
  return (
    <Section
      title="Notice banner"
      save="Save notice banner"
      description="Shown under the header on every page. Leave it empty for no banner."
      build={() => ({ Notice: { NoticeBanner: text } })}
    >
      {(errors) => (
        <TextField
          label="Notice banner"
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          minRows={2}
          fullWidth
          {...err(errors, 'Notice.NoticeBanner')}
        />
      )}
    </Section>
  );
}

function ContactSection({ settings }: { settings: SiteSettings }) {
  const [v, setV] = useState({
    Phone: settings.Contact.Phone,
    Email: settings.Contact.Email,
    Address: settings.Contact.Address.join('\n'),
  });
  return (
    <Section
      title="Contact details"
      save="Save contact details"
      description="Customer care's phone, e-mail and address, in the footer and on Contact us."
      build={() => ({ Contact: { ...v, Address: linesOf(v.Address) } })}
    >
      {(errors) => (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Phone"
              type="tel"
              value={v.Phone}
              onChange={(e) => setV({ ...v, Phone: e.target.value })}
              fullWidth
              {...err(errors, 'Contact.Phone')}
            />
            <TextField
              label="Email"
              type="email"
              value={v.Email}
              onChange={(e) => setV({ ...v, Email: e.target.value })}
              fullWidth
              {...err(errors, 'Contact.Email')}
            />
          </Stack>
          <TextField
            label="Address"
            value={v.Address}
            onChange={(e) => setV({ ...v, Address: e.target.value })}
            multiline
            minRows={4}
            fullWidth
            {...err(errors, 'Contact.Address', 'One line per line of the address')}
          />
        </>
      )}
    </Section>
  );
}

function DepotSection({ settings }: { settings: SiteSettings }) {
  const hours = settings.Depot.ReceivingHours;
  const [v, setV] = useState({
    Address: settings.Depot.Address.join('\n'),
    days: hours.days,
    opens: hours.opens,
    closes: hours.closes,
    note: hours.note ?? '',
  });
  const set = (key: keyof typeof v) => (e: { target: { value: string } }) =>
    setV({ ...v, [key]: e.target.value });
  return (
    <Section
      title="UK depot"
      save="Save depot"
      description="The depot's address (customers' UK delivery addresses are made from it) and receiving hours."
      build={() => ({
        Depot: {
          Address: linesOf(v.Address),
          ReceivingHours: {
            days: v.days,
            opens: v.opens,
            closes: v.closes,
            ...(v.note.trim() ? { note: v.note } : {}),
          },
        },
      })}
    >
      {(errors) => (
        <>
          <TextField
            label="Depot address"
            value={v.Address}
            onChange={set('Address')}
            multiline
            minRows={4}
            fullWidth
            {...err(
              errors,
              'Depot.Address',
              'One line per line; {Reference} marks where the customer reference goes',
            )}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Receiving days"
              value={v.days}
              onChange={set('days')}
              fullWidth
              {...err(errors, 'Depot.ReceivingHours.days')}
            />
            <TextField
              label="Opens"
              type="time"
              value={v.opens}
              onChange={set('opens')}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ minWidth: 160 }}
              {...err(errors, 'Depot.ReceivingHours.opens')}
            />
            <TextField
              label="Closes"
              type="time"
              value={v.closes}
              onChange={set('closes')}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ minWidth: 160 }}
              {...err(errors, 'Depot.ReceivingHours.closes')}
            />
          </Stack>
          <TextField
            label="Note"
            value={v.note}
            onChange={set('note')}
            fullWidth
            {...err(errors, 'Depot.ReceivingHours.note', 'For example: Closed at weekends')}
          />
        </>
      )}
    </Section>
  );
}

function SocialSection({ settings }: { settings: SiteSettings }) {
  const [links, setLinks] = useState(settings.Social.Links);
  const change = (i: number, key: 'name' | 'url', value: string) =>
    setLinks(links.map((l, j) => (j === i ? { ...l, [key]: value } : l)));
  return (
    <Section
      title="Social links"
      save="Save social links"
      description="Shown in the header and footer. Facebook, Instagram and X get their own icons."
      build={() => ({ Social: { Links: links } })}
    >
      {(errors) => (
        <>
          {links.map((link, i) => (
            <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={`Network ${i + 1}`}
                value={link.name}
                onChange={(e) => change(i, 'name', e.target.value)}
                sx={{ minWidth: 180 }}
                {...err(errors, `Social.Links.${i}.name`)}
              />
              <TextField
                label={`Address of network ${i + 1}`}
                value={link.url}
                onChange={(e) => change(i, 'url', e.target.value)}
                fullWidth
                {...err(errors, `Social.Links.${i}.url`)}
              />
              <Box>
                <IconButton
                  aria-label={`Remove ${link.name || `network ${i + 1}`}`}
                  onClick={() => setLinks(links.filter((_l, j) => j !== i))}
                >
                  ×
                </IconButton>
              </Box>
            </Stack>
          ))}
          {errors['Social.Links'] && <Alert severity="error">{errors['Social.Links']}</Alert>}
          <Box>
            <Button onClick={() => setLinks([...links, { name: '', url: '' }])}>
              Add a social link
            </Button>
          </Box>
        </>
      )}
    </Section>
  );
}

function TaxSection({ settings }: { settings: SiteSettings }) {
  const [v, setV] = useState(
    () =>
      Object.fromEntries(
        ISLANDS.map((island) => [
          island,
          {
            enabled: settings.Tax[island].Enabled,
            rate: String(settings.Tax[island].Percent),
            threshold: settings.Tax[island].Threshold.toFixed(2),
          },
        ]),
      ) as Record<Island, { enabled: boolean; rate: string; threshold: string }>,
  );
  const num = (text: string) => (text.trim() === '' ? undefined : Number(text));
  const set = (island: Island, change: Partial<(typeof v)[Island]>) =>
    setV({ ...v, [island]: { ...v[island], ...change } });
  return (
    <Section
      title="Island GST"
      save="Save GST"
      description="The estimate customers see when booking, island by island: GST on the whole value once goods, the retailer's delivery and our carriage (parcels arriving together added up) reach the threshold (docs/decisions/0035). Switch an island on when it starts charging GST."
      build={() => ({
        Tax: Object.fromEntries(
          ISLANDS.map((island) => [
            island,
            {
              Enabled: v[island].enabled,
              Percent: num(v[island].rate) as number,
              Threshold: num(v[island].threshold) as number,
            },
          ]),
        ) as SiteSettings['Tax'],
      })}
    >
      {(errors) => (
        <Stack spacing={2}>
          {ISLANDS.map((island) => (
            <Stack
              key={island}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'center' } }}
              role="group"
              aria-label={`${island} GST`}
            >
              <FormControlLabel
                sx={{ minWidth: 240, mr: 0 }}
                control={
                  <Switch
                    checked={v[island].enabled}
                    onChange={(e) => set(island, { enabled: e.target.checked })}
                  />
                }
                label={`${island}: GST charged`}
              />
              <TextField
                label={`${island} GST rate`}
                value={v[island].rate}
                onChange={(e) => set(island, { rate: e.target.value })}
                slotProps={{
                  input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                  htmlInput: { inputMode: 'decimal' },
                }}
                {...err(errors, `Tax.${island}.Percent`)}
              />
              <TextField
                label={`${island} threshold`}
                value={v[island].threshold}
                onChange={(e) => set(island, { threshold: e.target.value })}
                slotProps={{
                  input: { startAdornment: <InputAdornment position="start">£</InputAdornment> },
                  htmlInput: { inputMode: 'decimal' },
                }}
                {...err(errors, `Tax.${island}.Threshold`)}
              />
            </Stack>
          ))}
        </Stack>
      )}
    </Section>
  );
}
