import { Box, Container, Grid, Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useSettings } from '../features/settings/use-settings';
import { BRAND } from '../lib/site';

interface Hours {
  days: string;
  opens: string;
  closes: string;
  note?: string;
}

const time = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  const suffix = h >= 12 ? 'pm' : 'am';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return m ? `${hour}:${String(m).padStart(2, '0')}${suffix}` : `${hour}${suffix}`;
};

/** Footer: depot receiving hours, navigation, and contact details from the settings. */
export function SiteFooter() {
  const settings = useSettings();
  const hours = settings.get<Hours>('Depot', 'ReceivingHours');
  const address = settings.get<string[]>('Contact', 'Address');
  const phone = settings.get<string>('Contact', 'Phone');
  const email = settings.get<string>('Contact', 'Email');
  return (
    <Box
      component="footer"
      sx={{ bgcolor: 'primary.dark', color: 'primary.contrastText', py: 5, mt: 6 }}
    >
      <Container>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <Typography variant="h3" component="h2" gutterBottom>
              UK depot receiving hours
            </Typography>
            {hours && (
              <Typography data-testid="receiving-hours">
                {time(hours.opens)} to {time(hours.closes)}, {hours.days}
                {hours.note ? (
                  <>
                    <br />
                    {hours.note}
                  </>
                ) : null}
              </Typography>
            )}
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <Typography variant="h3" component="h2" gutterBottom>
              {BRAND}
            </Typography>
            <Stack component="nav" aria-label="Footer" spacing={0.5}>
              {[
                ['/how-it-works/', 'How it works'],
                ['/faqs/', 'FAQs'],
                ['/order/', 'Add a delivery'],
                ['/terms-and-conditions', 'Terms and conditions'],
                ['/privacy-policy/', 'Privacy policy'],
              ].map(([to, label]) => (
                <MuiLink key={to} component={Link} to={to} color="inherit">
                  {label}
                </MuiLink>
              ))}
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <Typography variant="h3" component="h2" gutterBottom>
              Contact us
            </Typography>
            <Box component="address" sx={{ fontStyle: 'normal' }} data-testid="contact-details">
              {address?.map((line) => (
                <div key={line}>{line}</div>
              ))}
              {phone && (
                <div>
                  Phone:{' '}
                  <MuiLink color="inherit" href={`tel:${phone.replace(/\s+/g, '')}`}>
                    {phone}
                  </MuiLink>
                </div>
              )}
              {email && (
                <div>
                  E-mail:{' '}
                  <MuiLink color="inherit" href={`mailto:${email}`}>
                    {email}
                  </MuiLink>
                </div>
              )}
            </Box>
          </Grid>
        </Grid>
      </Container>
    </Box>
  );
}
