import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  IconButton,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type SiteSettings } from '../../../shared/api/settings-admin';
import { useSiteSettings } from '../catalogue/api/catalogue';
import { problem } from '../kit/problem';
import { err, Section } from './settings-section';
import { CustomsSection, TaxSection } from './settings-tax';

/**
 * /admin/settings/ (office, admin): what the public site says about us, a section at a time (the
 * notice banner, contact details, the depot, social links, island GST, the customs paperwork's
 * numbers). Each section is saved on
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
      <CustomsSection settings={settings} />
    </>
  );
}

const linesOf = (text: string) => text.split('\n').map((l) => l.trim());

function NoticeSection({ settings }: { settings: SiteSettings }) {
  const [text, setText] = useState(settings.Notice.NoticeBanner);
  return (
    <Section
      title="Notice banner"
      save="Save notice banner"
      description="Shown under the header on every page. Leave it empty for no banner. Write {book-by 2026-12-24} for the last moment a parcel may reach us to arrive by that day, from the timetable (add island names for theirs only)."
      build={() => ({ Notice: { NoticeBanner: text } })}
    >
      {(errorOf) => (
        <TextField
          label="Notice banner"
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          minRows={2}
          fullWidth
          {...err(errorOf, 'Notice.NoticeBanner')}
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
      {(errorOf) => (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Phone"
              type="tel"
              value={v.Phone}
              onChange={(e) => setV({ ...v, Phone: e.target.value })}
              fullWidth
              {...err(errorOf, 'Contact.Phone')}
            />
            <TextField
              label="Email"
              type="email"
              value={v.Email}
              onChange={(e) => setV({ ...v, Email: e.target.value })}
              fullWidth
              {...err(errorOf, 'Contact.Email')}
            />
          </Stack>
          <TextField
            label="Address"
            value={v.Address}
            onChange={(e) => setV({ ...v, Address: e.target.value })}
            multiline
            minRows={4}
            fullWidth
            {...err(errorOf, 'Contact.Address', 'One line per line of the address')}
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
      {(errorOf) => (
        <>
          <TextField
            label="Depot address"
            value={v.Address}
            onChange={set('Address')}
            multiline
            minRows={4}
            fullWidth
            {...err(
              errorOf,
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
              {...err(errorOf, 'Depot.ReceivingHours.days')}
            />
            <TextField
              label="Opens"
              type="time"
              value={v.opens}
              onChange={set('opens')}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ minWidth: 160 }}
              {...err(errorOf, 'Depot.ReceivingHours.opens')}
            />
            <TextField
              label="Closes"
              type="time"
              value={v.closes}
              onChange={set('closes')}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ minWidth: 160 }}
              {...err(errorOf, 'Depot.ReceivingHours.closes')}
            />
          </Stack>
          <TextField
            label="Note"
            value={v.note}
            onChange={set('note')}
            fullWidth
            {...err(errorOf, 'Depot.ReceivingHours.note', 'For example: Closed at weekends')}
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
      {(errorOf) => (
        <>
          {links.map((link, i) => (
            <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={`Network ${i + 1}`}
                value={link.name}
                onChange={(e) => change(i, 'name', e.target.value)}
                sx={{ minWidth: 180 }}
                {...err(errorOf, `Social.Links.${i}.name`)}
              />
              <TextField
                label={`Address of network ${i + 1}`}
                value={link.url}
                onChange={(e) => change(i, 'url', e.target.value)}
                fullWidth
                {...err(errorOf, `Social.Links.${i}.url`)}
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
          {errorOf('Social.Links') && <Alert severity="error">{errorOf('Social.Links')}</Alert>}
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
