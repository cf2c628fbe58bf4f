import { z } from 'zod';
import { CARRIER_IDS } from '../carriers';
import { CUSTOMS_FORMS } from '../customs';
import { ORDER_STATUSES } from '../order-status';
import { storageClockSchema } from './storage-clock';
import { multilineText, recordId, text } from './fields';
import { invoiceSchema } from './orders';

/**
 * The depot floor's API (decision 0020), under /api/admin/depot, for staff only (depot, office,
 * admin):
 * - GET  /lookup?q=: a customer reference (its check character catches a typo: 400 on `q`), an
 *   order reference, a UK courier's tracking number or the name of a person of a customer's
 *   household (decision 0037), answered with the customer, their household and their open bookings
 *   (Awaiting Parcel), the likeliest first.
 * - POST /receive: a parcel arrives, measured (kg and cm, stored as grams and mm), shelved,
 *   photographed (JSON, photos in base64); for a booking (`OrderId`), for a known customer
 *   without one (`CustomerId`: unbooked) or for nobody known (neither: unknown); addressed to
 *   the account holder or to a person of their household (`HouseholdMemberId`).
 * - POST /parcels/{Id}/match: an unbooked (or unknown) parcel matched to a booking made later.
 * - GET  /parcels?state=unknown|unbooked|held|ready|dispatched|waiting&page=&itemsPerPage=: the
 *   lists, paged (dispatched: shipped, not yet delivered; waiting: booked parcels waiting for their
 *   customer, held for an unpaid invoice or a quote or in a consolidation request, decision 0037).
 * - GET  /parcels/{Id}/label.pdf: the shelf label (Code 128 of the order reference).
 * - GET  /photos/{Id}: a parcel photo.
 * - GET  /dispatch, POST /dispatch, POST /deliver: what can leave, a sailing, deliveries.
 * Weights cross this API in grams and sizes in mm (as the catalogue's), except the receive form's
 * entries, which are what the scale and the tape measure say (kg, cm). Money in pounds.
 */

export const DEPOT_LIMITS = {
  photos: 6,
  /** Bytes of one photo, decoded. The screen resizes to `resizedSide` px JPEG first. */
  photoBytes: 2 * 1024 * 1024,
  /** The longest side of a photo as the receiving screen sends it and the server stores it, px. */
  resizedSide: 1600,
  /**
   * Most pixels a photo may have (a 12-megapixel phone photo, 4032 x 3024, fits): the server
   * refuses more before decoding, so an image that inflates to hundreds of MB never does.
   */
  photoPixels: 12_500_000,
  weightKg: 1000,
  sideCm: 1000,
  shelf: 40,
  note: 500,
  trackingNumber: 60,
  /** Parcels in one sailing or delivery batch. */
  batch: 200,
} as const;

export const DEPOT_MESSAGES = {
  badReference:
    'This customer reference is not valid: a character is wrong or two are swapped. Check the label again.',
  orderOrCustomer: 'Give the booking (OrderId) or the customer (CustomerId), not both.',
  noSuchOrder: 'No such order.',
  noSuchCustomer: 'No such customer.',
  notInHousehold: 'This person is not in the household of the customer the parcel is for.',
  alreadyAbandoned: 'This parcel is already treated as abandoned.',
  notWaitingNotAbandoned:
    'Only a parcel waiting for its customer (unbooked, held for payment or waiting in a consolidation request) can be treated as abandoned.',
  notYetAbandonable: (date: string) =>
    `This parcel cannot be treated as abandoned before ${date} (its storage clock).`,
  noSuchParcel: 'No such parcel.',
  noSuchPhoto: 'No such photo.',
  photoType: 'is not a JPEG, PNG or WebP image',
  photoTooLarge: `is larger than ${DEPOT_LIMITS.photoBytes / 1024 / 1024} MB`,
  photoUnreadable: 'is damaged: it cannot be read as an image',
  photoPixels: `has more than ${DEPOT_LIMITS.photoPixels / 1_000_000} megapixels`,
  notBase64: 'must be a base64 image',
  alreadyMatched: 'This parcel is already matched to a booking.',
  otherCustomer: 'This booking is another customer’s: the parcel is for a different customer.',
  duplicateOrder: 'appears more than once',
  sailingDate: 'must be within 30 days of today',
} as const;

export const id = recordId();

export const positive = (unit: string, max: number) =>
  z
    .number({ error: `must be a number of ${unit}` })
    .positive(`must be more than 0 ${unit}`)
    .max(max, `must be at most ${max} ${unit}`);

/** kg as the scale shows it to whole grams; at least 1 g. */
export const kgToGrams = (kg: number) => Math.max(1, Math.round(kg * 1000));
/** cm as measured to whole mm; at least 1 mm. */
export const cmToMm = (cm: number) => Math.max(1, Math.round(cm * 10));

// --- find ---------------------------------------------------------------------------------------

export const lookupQuerySchema = z
  .object({ q: text(80).min(1, 'Scan or type a customer reference or tracking number') })
  .strict();

const MATCHED_BY = [
  'customer-reference',
  'order-reference',
  'tracking-number',
  'household-member',
] as const;

/** A person of a customer's household (decision 0037), as the depot sees them. */
const depotPersonSchema = z.object({ Id: z.number().int(), Name: z.string() });

const depotCustomerSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Reference: z.string(),
  /** The island of their latest delivery address, if any. */
  Island: z.string().nullable(),
  /** The people of their household: a parcel addressed to one of them is theirs. */
  Household: z.array(depotPersonSchema),
});
export type DepotCustomer = z.infer<typeof depotCustomerSchema>;

const sizeSchema = z.object({ Length: z.number(), Width: z.number(), Height: z.number() });

/** A booking waiting for its parcel, as the receiving screen lists it. */
const openBookingSchema = z.object({
  OrderId: z.number().int(),
  Reference: z.string(),
  Band: z.object({ Id: z.number().int(), Code: z.string(), Name: z.string() }).nullable(),
  /** The band's box (or the size the office priced), mm; null when neither is known. */
  Size: sizeSchema.nullable(),
  /** The band's (or the priced) weight limit, grams. */
  MaxWeight: z.number().int().nullable(),
  RetailerName: z.string(),
  RetailerOrderNumber: z.string(),
  Description: z.string(),
  ExpectedDeliveryDate: z.string().nullable(),
  TrackingNumber: z.string(),
  Island: z.string(),
  Created: z.string(),
  /** The booking the search matched itself (its tracking number or reference). */
  Matches: z.boolean(),
});
export type OpenBooking = z.infer<typeof openBookingSchema>;

export const lookupResponse = z.object({
  MatchedBy: z.enum(MATCHED_BY).nullable(),
  Customer: depotCustomerSchema.nullable(),
  /** The order an order reference or tracking number named, whatever its status. */
  MatchedOrder: z
    .object({ Id: z.number().int(), Reference: z.string(), Status: z.enum(ORDER_STATUSES) })
    .nullable(),
  /** The customer's bookings awaiting their parcel: the matching one, then the oldest first. */
  Bookings: z.array(openBookingSchema),
  /** The person of the household the search named (a name on the label), if it did. */
  AddressedTo: depotPersonSchema.nullable(),
  /**
   * A name on the label that more than one customer's account or household holds (decision
   * 0046): nobody is matched, and staff are told how many customers it could be.
   */
  SharedName: z.object({ Name: z.string(), Customers: z.number().int() }).nullable(),
});
export type LookupResult = z.infer<typeof lookupResponse>;

// --- receive ------------------------------------------------------------------------------------

const MAX_BASE64 = Math.ceil(DEPOT_LIMITS.photoBytes / 3) * 4;
const DATA_URL = /^data:image\/[a-z+.-]+;base64,/i;

/** A photo as base64, optionally as a data URL (`canvas.toDataURL`); its type is read from it. */
export const photoUploadSchema = z
  .object({
    Data: z
      .string({ error: DEPOT_MESSAGES.notBase64 })
      .transform((s) => s.replace(DATA_URL, ''))
      .pipe(
        z
          .string()
          .max(MAX_BASE64, DEPOT_MESSAGES.photoTooLarge)
          .regex(/^[A-Za-z0-9+/]+={0,2}$/, DEPOT_MESSAGES.notBase64),
      ),
  })
  .strict();

/** What the scale and the tape measure say (kg, cm): a parcel received, or a repacked box. */
export const measuredFields = {
  WeightKg: positive('kg', DEPOT_LIMITS.weightKg),
  LengthCm: positive('cm', DEPOT_LIMITS.sideCm),
  WidthCm: positive('cm', DEPOT_LIMITS.sideCm),
  HeightCm: positive('cm', DEPOT_LIMITS.sideCm),
};

export const receiveSchema = z
  .object({
    /** The booking the parcel is for. */
    OrderId: id.optional(),
    /** A known customer with no matching booking: recorded as unbooked. */
    CustomerId: id.optional(),
    /** The person of that customer's household the label names; none: the account holder. */
    HouseholdMemberId: id.optional(),
    ...measuredFields,
    Shelf: text(DEPOT_LIMITS.shelf).min(1, 'Enter the shelf location'),
    Note: multilineText(DEPOT_LIMITS.note).default(''),
    InboundTrackingNumber: text(DEPOT_LIMITS.trackingNumber).default(''),
    Photos: z
      .array(photoUploadSchema)
      .max(DEPOT_LIMITS.photos, `at most ${DEPOT_LIMITS.photos} photos`)
      .default([]),
  })
  .strict()
  .refine((b) => b.OrderId === undefined || b.CustomerId === undefined, {
    message: DEPOT_MESSAGES.orderOrCustomer,
    path: ['CustomerId'],
  });
export type ReceiveRequest = z.input<typeof receiveSchema>;

export const matchSchema = z.object({ OrderId: id }).strict();

/**
 * POST /api/admin/depot/parcels/{Id}/abandon: the staff member's explicit confirmation, checked
 * by the server (decision 0046): a bare POST cancels nothing.
 */
export const abandonParcelSchema = z
  .object({
    Confirm: z.literal(true, {
      error: 'must be true: confirm that the parcel is treated as abandoned',
    }),
  })
  .strict();
export type AbandonParcel = z.input<typeof abandonParcelSchema>;

// --- parcels -------------------------------------------------------------------------------------

/**
 * Where a parcel stands at the depot: unknown (nobody matched), unbooked (a customer, no
 * booking), held (more is owed: an invoice, or the office must quote), ready (to dispatch),
 * dispatched, delivered, cancelled (its order was).
 */
const PARCEL_STATES = [
  'unknown',
  'unbooked',
  'held',
  'ready',
  'dispatched',
  'delivered',
  'cancelled',
  'abandoned',
  'returning',
  'returned',
] as const;
export type ParcelState = (typeof PARCEL_STATES)[number];
/**
 * The lists the screens page through; `dispatched` is shipped and not yet delivered; `waiting` is
 * the booked parcels waiting for their customer (storageWait `invoice` or `consolidation`, on the
 * storage clock: decision 0037), whatever their State.
 */
const LISTED_STATES = ['unknown', 'unbooked', 'held', 'ready', 'dispatched', 'waiting'] as const;
export type ListedState = (typeof LISTED_STATES)[number];

/**
 * Why a parcel is held: an invoice to pay, the office must quote (larger than every band), or its
 * invoice is disputed and not decided yet (decision 0038).
 */
const HOLDS = ['invoice', 'quote', 'dispute'] as const;

/** The longest waiting first, the newest first, or the soonest to have to leave the UK first. */
const PARCEL_SORTS = ['oldest', 'newest', 'leave-by'] as const;
export type ParcelSort = (typeof PARCEL_SORTS)[number];

export const parcelsQuerySchema = z
  .object({
    state: z.enum(LISTED_STATES, { error: `must be one of ${LISTED_STATES.join(', ')}` }),
    page: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .default(1),
    itemsPerPage: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 100')
      .max(100, 'must be between 1 and 100')
      .default(50),
    /** The longest waiting first (the storage clock furthest on), or the newest first. */
    sort: z
      .enum(PARCEL_SORTS, { error: `must be one of ${PARCEL_SORTS.join(', ')}` })
      .default('oldest'),
  })
  .strict();

export const depotParcelSchema = z.object({
  Id: z.number().int(),
  State: z.enum(PARCEL_STATES),
  Hold: z.enum(HOLDS).nullable(),
  OrderId: z.number().int().nullable(),
  OrderReference: z.string().nullable(),
  OrderStatus: z.enum(ORDER_STATUSES).nullable(),
  Customer: depotCustomerSchema.omit({ Island: true, Household: true }).nullable(),
  /** The person of the customer's household it was addressed to; null: the account holder. */
  AddressedTo: z.string().nullable(),
  /** The booking's island; null for a parcel not matched yet. */
  Island: z.string().nullable(),
  InboundTrackingNumber: z.string(),
  /** Grams and mm, as measured. */
  Weight: z.number().int().nullable(),
  Length: z.number().int().nullable(),
  Width: z.number().int().nullable(),
  Height: z.number().int().nullable(),
  Shelf: z.string(),
  Note: z.string(),
  Received: z.string(),
  ReceivedBy: z.number().int().nullable(),
  Photos: z.array(
    z.object({
      Id: z.number().int(),
      ContentType: z.string(),
      Width: z.number().int(),
      Height: z.number().int(),
    }),
  ),
  /** The latest invoice on its order (what a held parcel waits for). */
  Invoice: invoiceSchema.nullable(),
  Carrier: z.enum(CARRIER_IDS).nullable(),
  TrackingNumber: z.string(),
  TrackingUrl: z.string().nullable(),
  /** The sailing's date (yyyy-MM-dd) once dispatched. */
  SailingDate: z.string().nullable(),
  Delivered: z.string().nullable(),
  /** Its storage clock while it waits for its customer (no booking, or held); null otherwise. */
  Storage: storageClockSchema.nullable(),
  /** When it was treated as abandoned (a member of staff confirmed), if it was. */
  Abandoned: z.string().nullable(),
  /** The customs declaration it travels with (decision 0040): CN22 or CN23; null without a booking. */
  CustomsForm: z.enum(CUSTOMS_FORMS).nullable(),
  /** Why it may not leave yet as its item lines stand (missing, or not adding up); null: it may. */
  CustomsProblem: z.string().nullable(),
  /** The retailer's order date (yyyy-MM-dd), if the customer gave it. */
  RetailerOrderDate: z.string().nullable(),
  /** The last day it may leave for the retailer to zero-rate the sale (yyyy-MM-dd), if known. */
  LeaveBy: z.string().nullable(),
  /** That day is within the Customs settings' warning days, or past (the screen marks it). */
  LeaveBySoon: z.boolean(),
});
export type DepotParcel = z.infer<typeof depotParcelSchema>;

export const parcelsResponse = z.object({
  items: z.array(depotParcelSchema),
  total: z.number().int(),
  page: z.number().int(),
  itemsPerPage: z.number().int(),
});

const RECEIVE_OUTCOMES = [
  /** Within what was booked: received, ready to dispatch. */
  'received',
  /** Over the booked band: an invoice for the difference, held until it is paid. */
  'held-invoice',
  /** Over every band (or the priced size): held for the office to quote. */
  'held-quote',
  /** A known customer's parcel without a booking: they are asked to book it. */
  'unbooked',
  /** Nobody matched: on the list of unknown parcels. */
  'unknown',
] as const;
export type ReceiveOutcome = (typeof RECEIVE_OUTCOMES)[number];

export const receiveResponse = z.object({
  Outcome: z.enum(RECEIVE_OUTCOMES),
  Parcel: depotParcelSchema,
  /** For held-invoice: the band the parcel fits and the difference raised. */
  Excess: z
    .object({
      Band: z.object({ Id: z.number().int(), Code: z.string(), Name: z.string() }),
      Amount: z.number(),
    })
    .nullable(),
  Invoice: invoiceSchema.nullable(),
  /** Why it is held, in words for the screen. */
  HoldReason: z.string().nullable(),
});
export type ReceiveResult = z.infer<typeof receiveResponse>;
