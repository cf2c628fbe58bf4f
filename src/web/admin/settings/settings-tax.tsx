import { useState } from 'react';
import { FormControlLabel, InputAdornment, Stack, Switch, TextField } from '@mui/material';
import { type SiteSettings } from '../../../shared/api/settings-admin';
import { ISLANDS, type Island } from '../../../shared/islands';
import { err, Section } from './settings-section';

/** A number field's text as the API takes it (empty: missing, so the rules say it is required). */
const num = (text: string) => (text.trim() === '' ? undefined : Number(text));

export function TaxSection({ settings }: { settings: SiteSettings }) {
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
      {(errorOf) => (
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
                {...err(errorOf, `Tax.${island}.Percent`)}
              />
              <TextField
                label={`${island} threshold`}
                value={v[island].threshold}
                onChange={(e) => set(island, { threshold: e.target.value })}
                slotProps={{
                  input: { startAdornment: <InputAdornment position="start">£</InputAdornment> },
                  htmlInput: { inputMode: 'decimal' },
                }}
                {...err(errorOf, `Tax.${island}.Threshold`)}
              />
            </Stack>
          ))}
        </Stack>
      )}
    </Section>
  );
}

/**
 * The customs paperwork's numbers (docs/decisions/0040): the CN22/CN23 limit, and the
 * months within which the goods must leave for the retailer to zero-rate the sale, with the days
 * before that the customer is warned and the depot's lists mark the parcel.
 */
export function CustomsSection({ settings }: { settings: SiteSettings }) {
  const [v, setV] = useState({
    limit: settings.Customs.Cn22Limit.toFixed(2),
    months: String(settings.Customs.EvidenceMonths),
    days: String(settings.Customs.EvidenceWarningDays),
  });
  const set = (key: keyof typeof v) => (e: { target: { value: string } }) =>
    setV({ ...v, [key]: e.target.value });
  const whole = { htmlInput: { inputMode: 'numeric' as const } };
  return (
    <Section
      title="Customs paperwork"
      save="Save customs"
      savedText="Saved. Dispatch and the customers' order pages use it from now on."
      description="Goods worth up to the limit travel with a CN22, above it with a CN23. A retailer may zero-rate the sale only if the goods leave the UK within the evidence months of its order (HMRC Notice 703): the customer is e-mailed, and the dispatch screen marks the parcel, the warning days before."
      build={() => ({
        Customs: {
          Cn22Limit: num(v.limit) as number,
          EvidenceMonths: num(v.months) as number,
          EvidenceWarningDays: num(v.days) as number,
        },
      })}
    >
      {(errorOf) => (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="CN22 limit"
            value={v.limit}
            onChange={set('limit')}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">£</InputAdornment> },
              htmlInput: { inputMode: 'decimal' },
            }}
            {...err(errorOf, 'Customs.Cn22Limit', 'Above it: a CN23')}
          />
          <TextField
            label="Evidence months"
            value={v.months}
            onChange={set('months')}
            slotProps={whole}
            {...err(errorOf, 'Customs.EvidenceMonths', 'From the retailer’s order date')}
          />
          <TextField
            label="Warning days"
            value={v.days}
            onChange={set('days')}
            slotProps={whole}
            {...err(errorOf, 'Customs.EvidenceWarningDays', 'Before the leave-by date')}
          />
        </Stack>
      )}
    </Section>
  );
}
