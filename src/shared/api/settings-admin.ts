import { z } from 'zod';
import { GST_SETTING, parseGstSettings, type GstSettings } from '../gst';
import { ISLANDS, type Island } from '../islands';
import { toPence } from '../money';
import { TIME_PATTERN } from '../receiving-hours';
import { multilineText, text } from './fields';
import { MESSAGES } from '../validation/messages';
import { email, required, telephone, url } from '../validation/rules';
import { withRules } from '../validation/zod-rules';

/**
 * The office's site settings (issue 14): GET /api/admin/settings and PUT /api/admin/settings, for
 * `manage Settings`. The settings are stored as { Category, Name, Value } rows
 * (docs/requirements.md §3 "Settings", what GET /public/settings sends); this is the form the
 * office edits them in, one section at a time: a PUT carries the sections it changes and leaves the
 * others as they are. Money in pounds (the threshold), the GST rate in percent; stored as the
 * public settings hold them (Tax/Gst, each island's { Enabled, Rate: 0.05, ThresholdPence: 6000 },
 * src/shared/gst.ts).
 */

const requiredText = (max: number) => text(max).min(1, MESSAGES.required);

/** An address as lines, first line first (blank lines dropped). */
const addressLines = z
  .array(text(100), { error: 'must be a list of lines' })
  .transform((lines) => lines.filter((l) => l !== ''))
  .pipe(z.array(z.string()).min(1, MESSAGES.required).max(8, 'must be at most 8 lines'));

const time = z
  .string({ error: MESSAGES.required })
  .regex(TIME_PATTERN, 'must be a time such as 07:00 (24-hour)');

const contactSettingsSchema = z
  .object({
    Phone: withRules(text(40), [required, telephone]),
    Email: withRules(text(254), [required, email]),
    Address: addressLines,
  })
  .strict();

const depotSettingsSchema = z
  .object({
    /** The UK depot's address; customers' delivery addresses are made from it. */
    Address: addressLines,
    ReceivingHours: z
      .object({
        days: requiredText(60),
        opens: time,
        closes: time,
        note: text(120).optional(),
      })
      .strict()
      .refine((h) => h.closes > h.opens, { path: ['closes'], message: 'must be after opens' }),
  })
  .strict();

const noticeSettingsSchema = z
  .object({
    /** The banner under the header on every page; empty: no banner. */
    NoticeBanner: multilineText(300),
  })
  .strict();

/** A social network's page: its name (Facebook, Instagram and X get their own icon) and address. */
const socialLink = z
  .object({
    name: requiredText(40),
    url: withRules(requiredText(300), [required, url]).transform((u) =>
      /^https?:\/\//i.test(u) ? u : `https://${u}`,
    ),
  })
  .strict();

const socialSettingsSchema = z
  .object({ Links: z.array(socialLink).max(10, 'must be at most 10 links') })
  .strict();

const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

/** One island's GST as the office edits it. */
const islandGstSchema = z
  .object({
    /** Whether the island charges GST on imports (off: no estimate is shown). */
    Enabled: z.boolean({ error: 'must be true or false' }),
    /** The rate in percent (5 for 5%), up to 2 decimals. */
    Percent: z
      .number({ error: 'must be a number' })
      .min(0, 'must be between 0 and 99.99')
      .max(99.99, 'must be between 0 and 99.99')
      .refine(twoDecimals, 'must have at most 2 decimals'),
    /** Goods, retailer delivery and carriage of this many pounds or more are liable. */
    Threshold: z
      .number({ error: 'must be an amount in pounds' })
      .min(0, 'must be £0.00 or more')
      .max(100_000, 'must be at most £100,000.00')
      .refine(twoDecimals, 'must have at most 2 decimals'),
  })
  .strict();

/** GST island by island (issue 27, docs/decisions/0035). */
const taxSettingsSchema = z
  .object(
    Object.fromEntries(ISLANDS.map((island) => [island, islandGstSchema])) as Record<
      Island,
      typeof islandGstSchema
    >,
  )
  .strict();

export const siteSettingsSchema = z.object({
  Contact: contactSettingsSchema,
  Depot: depotSettingsSchema,
  Notice: noticeSettingsSchema,
  Social: socialSettingsSchema,
  Tax: taxSettingsSchema,
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

const lines = z.array(z.string());
/** GET /api/admin/settings and the PUT's answer: the settings as they are (no rules, no transforms). */
export const siteSettingsResponse = z.object({
  Contact: z.object({ Phone: z.string(), Email: z.string(), Address: lines }),
  Depot: z.object({
    Address: lines,
    ReceivingHours: z.object({
      days: z.string(),
      opens: z.string(),
      closes: z.string(),
      note: z.string().optional(),
    }),
  }),
  Notice: z.object({ NoticeBanner: z.string() }),
  Social: z.object({ Links: z.array(z.object({ name: z.string(), url: z.string() })) }),
  Tax: z.object(
    Object.fromEntries(
      ISLANDS.map((island) => [
        island,
        z.object({ Enabled: z.boolean(), Percent: z.number(), Threshold: z.number() }),
      ]),
    ) as Record<
      Island,
      z.ZodObject<{ Enabled: z.ZodBoolean; Percent: z.ZodNumber; Threshold: z.ZodNumber }>
    >,
  ),
}) satisfies z.ZodType<SiteSettings>;

/** PUT /api/admin/settings: the sections to change (at least one). */
export const updateSettingsSchema = siteSettingsSchema
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'must change at least one section' });
export type UpdateSettings = z.input<typeof updateSettingsSchema>;

/** A settings row as stored: its category, name and value (JSON-encoded on the way in). */
export interface SettingRow {
  category: string;
  name: string;
  value: unknown;
}

/** The rows a section of the form is stored in, in the public settings' own shapes. */
export function settingRowsOf(update: Partial<SiteSettings>): SettingRow[] {
  const rows: SettingRow[] = [];
  const { Contact, Depot, Notice, Social, Tax } = update;
  if (Contact) {
    rows.push({ category: 'Contact', name: 'Phone', value: Contact.Phone });
    rows.push({ category: 'Contact', name: 'Email', value: Contact.Email });
    rows.push({ category: 'Contact', name: 'Address', value: Contact.Address });
  }
  if (Depot) {
    rows.push({ category: 'Depot', name: 'Address', value: Depot.Address });
    const { note, ...hours } = Depot.ReceivingHours;
    rows.push({
      category: 'Depot',
      name: 'ReceivingHours',
      value: note ? { ...hours, note } : hours,
    });
  }
  if (Notice) rows.push({ category: 'Site', name: 'NoticeBanner', value: Notice.NoticeBanner });
  if (Social) rows.push({ category: 'Social', name: 'Links', value: Social.Links });
  if (Tax) {
    // Parts per million, as src/shared/gst.ts works: 7.5% is 0.075, with no binary noise.
    const value = Object.fromEntries(
      ISLANDS.map((island) => [
        island,
        {
          Enabled: Tax[island].Enabled,
          Rate: Math.round(Tax[island].Percent * 10_000) / 1_000_000,
          ThresholdPence: toPence(Tax[island].Threshold),
        },
      ]),
    ) as GstSettings;
    rows.push({ category: GST_SETTING.category, name: GST_SETTING.name, value });
  }
  return rows;
}

/**
 * The form of the stored settings (`map[Category][Name]`, values parsed), with an empty value
 * where a setting is missing or not of its shape.
 */
export function siteSettingsOf(
  map: Record<string, Record<string, unknown> | undefined>,
): SiteSettings {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const lines = (v: unknown) =>
    Array.isArray(v) ? v.filter((l): l is string => typeof l === 'string') : [];
  const hours = (map.Depot?.ReceivingHours ?? {}) as Record<string, unknown>;
  const links = Array.isArray(map.Social?.Links) ? (map.Social.Links as unknown[]) : [];
  const gst = parseGstSettings(map[GST_SETTING.category]?.[GST_SETTING.name]);
  return {
    Contact: {
      Phone: str(map.Contact?.Phone),
      Email: str(map.Contact?.Email),
      Address: lines(map.Contact?.Address),
    },
    Depot: {
      Address: lines(map.Depot?.Address),
      ReceivingHours: {
        days: str(hours.days),
        opens: str(hours.opens),
        closes: str(hours.closes),
        ...(typeof hours.note === 'string' ? { note: hours.note } : {}),
      },
    },
    Notice: { NoticeBanner: str(map.Site?.NoticeBanner) },
    Social: {
      Links: links
        .filter((l): l is { name: unknown; url: unknown } => typeof l === 'object' && l !== null)
        .map((l) => ({ name: str(l.name), url: str(l.url) })),
    },
    Tax: Object.fromEntries(
      ISLANDS.map((island) => [
        island,
        {
          Enabled: gst[island].Enabled,
          Percent: Math.round(gst[island].Rate * 1_000_000) / 10_000,
          Threshold: gst[island].ThresholdPence / 100,
        },
      ]),
    ) as SiteSettings['Tax'],
  };
}
