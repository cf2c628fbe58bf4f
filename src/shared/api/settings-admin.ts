import { z } from 'zod';
import {
  CUSTOMS_CATEGORY,
  CUSTOMS_LIMITS,
  CUSTOMS_SETTING_NAMES,
  customsRulesOf,
} from '../customs';
import { GST_SETTING, parseGstSettings, type GstSettings } from '../gst';
import { ISLANDS, type Island } from '../islands';
import { formatMoney, toPence } from '../money';
import { TIME_PATTERN } from '../receiving-hours';
import { multilineText, text } from './fields';
import { MESSAGES } from '../validation/messages';
import { email, required, telephone, url } from '../validation/rules';
import { withRules } from '../validation/zod-rules';

/**
 * The office's site settings (decision 0024): GET /api/admin/settings and PUT /api/admin/settings,
 * for `manage Settings`. The settings are stored as { Category, Name, Value } rows
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

/** GST island by island (docs/decisions/0035). */
const taxSettingsSchema = z
  .object(
    Object.fromEntries(ISLANDS.map((island) => [island, islandGstSchema])) as Record<
      Island,
      typeof islandGstSchema
    >,
  )
  .strict();

const { cn22LimitPence, evidenceMonths, evidenceWarningDays } = CUSTOMS_LIMITS;
const cn22Range = `must be between ${formatMoney(cn22LimitPence.min)} and ${formatMoney(cn22LimitPence.max)}`;
const wholeNumberIn = ({ min, max }: { min: number; max: number }) =>
  z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`);

const inLimits = (c: { EvidenceMonths: number; EvidenceWarningDays: number }) =>
  wholeNumberIn(evidenceMonths).safeParse(c.EvidenceMonths).success &&
  wholeNumberIn(evidenceWarningDays).safeParse(c.EvidenceWarningDays).success;

/**
 * The customs paperwork's numbers (docs/decisions/0040), the limits of
 * src/shared/customs.ts: the CN22/CN23 limit in pounds, and the export evidence's months and
 * warning days. Stored as the Customs settings (not public).
 */
const customsSettingsSchema = z
  .object({
    /** Goods worth this much or less travel with a CN22; more, with a CN23. */
    Cn22Limit: z
      .number({ error: 'must be an amount in pounds' })
      .min(cn22LimitPence.min / 100, cn22Range)
      .max(cn22LimitPence.max / 100, cn22Range)
      .refine(twoDecimals, 'must have at most 2 decimals'),
    /** Months from the retailer's order date by which the goods must leave the UK. */
    EvidenceMonths: wholeNumberIn(evidenceMonths),
    /** Days before that date the customer is warned and the depot's lists mark the parcel. */
    EvidenceWarningDays: wholeNumberIn(evidenceWarningDays),
  })
  .strict()
  // Judged only once each number is within its own limits (their messages say enough otherwise).
  .refine((c) => !inLimits(c) || c.EvidenceWarningDays < c.EvidenceMonths * 28, {
    path: ['EvidenceWarningDays'],
    message: 'must be fewer days than the evidence months hold',
  });

export const siteSettingsSchema = z.object({
  Contact: contactSettingsSchema,
  Depot: depotSettingsSchema,
  Notice: noticeSettingsSchema,
  Social: socialSettingsSchema,
  Tax: taxSettingsSchema,
  Customs: customsSettingsSchema,
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
  Customs: z.object({
    Cn22Limit: z.number(),
    EvidenceMonths: z.number(),
    EvidenceWarningDays: z.number(),
  }),
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
  /** Whether GET /public/settings sends it (a new row; an existing one keeps its own). */
  public?: boolean;
}

/** The rows a section of the form is stored in, in the public settings' own shapes. */
export function settingRowsOf(update: Partial<SiteSettings>): SettingRow[] {
  const rows: SettingRow[] = [];
  const { Contact, Depot, Notice, Social, Tax, Customs } = update;
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
  if (Customs) {
    const customs = { category: CUSTOMS_CATEGORY, public: false };
    const names = CUSTOMS_SETTING_NAMES;
    rows.push({ ...customs, name: names.cn22LimitPence, value: toPence(Customs.Cn22Limit) });
    rows.push({ ...customs, name: names.evidenceMonths, value: Customs.EvidenceMonths });
    rows.push({ ...customs, name: names.evidenceWarningDays, value: Customs.EvidenceWarningDays });
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
  const customs = customsRulesOf(map[CUSTOMS_CATEGORY]);
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
    Customs: {
      Cn22Limit: customs.cn22LimitPence / 100,
      EvidenceMonths: customs.evidenceMonths,
      EvidenceWarningDays: customs.evidenceWarningDays,
    },
  };
}
