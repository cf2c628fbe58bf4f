import {
  CUSTOMS_CATEGORY,
  CUSTOMS_SETTING_NAMES,
  DEFAULT_CUSTOMS_RULES,
  type CustomsRules,
} from '../../shared/customs';
import { DEFAULT_GST, GST_SETTING } from '../../shared/gst';
import { DEFAULT_HOUSEHOLD_LIMIT } from '../../shared/household';
import {
  DEFAULT_STORAGE_RULES,
  STORAGE_CATEGORY,
  STORAGE_SETTING_NAMES,
  type StorageRules,
} from '../../shared/storage';
import {
  DEFAULT_DISPUTE_DAYS,
  DEFAULT_DISPUTE_DECIDE_DAYS,
  DISPUTE_DECIDE_SETTING,
  DISPUTE_SETTING,
} from '../../shared/disputes';
import {
  CONSOLIDATION_CATEGORY,
  DEFAULT_MISSING_PARCEL_DAYS,
  MISSING_PARCEL_DAYS_SETTING,
} from '../../shared/consolidation';
/**
 * The first catalogue, extras and site settings of a new installation. Staff edit them later;
 * the seed never overwrites an edit (see seed.ts). Sizes in mm, weights in grams, money in pence.
 */

export interface SeedProduct {
  code: string;
  name: string;
  description: string;
  pricePence: number;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  maxWeightGrams: number;
  ttlmdProductCode: number;
}

/** Thirteen price bands A to M; TTLMDProductCode 872 to 884 picks each band's box image. */
export const seedProducts: SeedProduct[] = [
  ['A', 'Small parcel', 'Phone, cosmetics, books, a pair of shoes.', 695, 350, 250, 160, 5],
  ['B', 'Medium parcel', 'Clothing orders, small kitchen gadgets.', 995, 450, 350, 200, 10],
  ['C', 'Large parcel', 'Boots, a kettle or toaster, a small printer.', 1295, 500, 400, 300, 15],
  ['D', 'Extra large parcel', 'Microwave, desktop computer, bedding.', 1695, 600, 400, 400, 20],
  ['E', 'Small box', 'Vacuum cleaner, car seat, a bundle of orders.', 2195, 700, 500, 400, 25],
  ['F', 'Medium box', 'Television up to 43", office chair (boxed).', 2795, 800, 600, 500, 30],
  ['G', 'Large box', 'Flat-pack drawers, a bike box for a child’s bike.', 3495, 1000, 600, 500, 30],
  [
    'H',
    'Extra large box',
    'Television up to 55", flat-pack wardrobe parts.',
    4495,
    1200,
    600,
    600,
    40,
  ],
  ['I', 'Bulky item', 'Adult bike box, garden furniture set.', 5495, 1200, 800, 600, 50],
  ['J', 'Long item', 'Television up to 65", rug, flat-pack bed.', 6995, 1500, 800, 600, 60],
  ['K', 'Extra long item', 'Curtain poles, skirting, a paddle board.', 8495, 2000, 800, 600, 70],
  [
    'L',
    'Oversize item',
    'Washing machine, armchair, American fridge parts.',
    9995,
    1500,
    1000,
    1000,
    80,
  ],
  [
    'M',
    'Maximum size',
    'Sofa section, large appliance on a pallet footprint.',
    12995,
    2000,
    1200,
    1000,
    100,
  ],
].map(([code, name, description, pricePence, lengthMm, widthMm, heightMm, kg], i) => ({
  code: code as string,
  name: name as string,
  description: description as string,
  pricePence: pricePence as number,
  lengthMm: lengthMm as number,
  widthMm: widthMm as number,
  heightMm: heightMm as number,
  maxWeightGrams: (kg as number) * 1000,
  ttlmdProductCode: 872 + i,
}));

export interface SeedExtra {
  code: string;
  name: string;
  description: string;
  pricePence: number;
  enabled: boolean;
}

/** Offered extras first; the disabled ones are added by staff (e.g. storage) and stay priced. */
export const seedExtras: SeedExtra[] = [
  {
    code: 'insurance-500',
    name: 'Insurance cover up to £500',
    description: 'Covers loss or damage in our care up to £500 of declared value.',
    pricePence: 495,
    enabled: true,
  },
  {
    code: 'insurance-1500',
    name: 'Insurance cover up to £1,500',
    description: 'Covers loss or damage in our care up to £1,500 of declared value.',
    pricePence: 1295,
    enabled: true,
  },
  {
    code: 'signature',
    name: 'Signature on delivery',
    description: 'The island driver hands the parcel over only against a signature.',
    pricePence: 250,
    enabled: true,
  },
  {
    code: 'lithium-dg-note',
    name: 'Dangerous goods note (lithium batteries)',
    description:
      'Required for items containing lithium batteries: we prepare the dangerous-goods paperwork for the crossing.',
    pricePence: 2500,
    enabled: true,
  },
  {
    code: 'repacking',
    name: 'Repacking',
    description: 'We repack a damaged or oversized retailer box to protect it and cut its band.',
    pricePence: 750,
    enabled: true,
  },
  {
    code: 'storage-week',
    name: 'Storage (per week)',
    description: 'Added by the depot to unbooked parcels held beyond the free 14 days.',
    pricePence: 500,
    enabled: false,
  },
  {
    // The repacking charge of a consolidation (decision 0041, src/shared/consolidation.ts).
    code: 'consolidation-repack',
    name: 'Repacking for a consolidation',
    description: 'Several parcels repacked into one box to travel as one crossing.',
    pricePence: 500,
    enabled: false,
  },
  {
    code: 'return-to-sender',
    name: 'Return to sender',
    description: 'Added by the depot when a parcel is sent back to the retailer at your request.',
    pricePence: 995,
    enabled: false,
  },
];

export interface SeedSetting {
  category: string;
  name: string;
  value: unknown;
  public?: boolean;
}

export const seedSettings: SeedSetting[] = [
  { category: 'Contact', name: 'Phone', value: '01534 880 120' },
  { category: 'Contact', name: 'Email', value: 'customercare@ferrybox.je' },
  {
    category: 'Contact',
    name: 'Address',
    value: [
      'Ferrybox Customer Services',
      '14 Commercial Buildings',
      'St Helier',
      'Jersey',
      'JE2 3NB',
    ],
  },
  {
    category: 'Depot',
    name: 'Address',
    value: ['Ferrybox UK Depot', 'Unit 7, Quartremaine Road', 'Portsmouth', 'Hampshire', 'PO3 5QH'],
  },
  {
    category: 'Depot',
    name: 'ReceivingHours',
    value: {
      days: 'Monday to Friday',
      opens: '07:00',
      closes: '16:00',
      note: 'Closed at weekends',
    },
  },
  {
    category: 'Social',
    name: 'Links',
    value: [
      { name: 'Facebook', url: 'https://www.facebook.com/ferryboxci' },
      { name: 'Instagram', url: 'https://www.instagram.com/ferryboxci' },
      { name: 'X', url: 'https://x.com/ferryboxci' },
    ],
  },
  {
    category: 'Site',
    name: 'NoticeBanner',
    // The book-by date from the timetable (src/shared/notice.ts NOTICE_BOOK_BY, decision 0050).
    value:
      'Christmas 2026: for delivery to the islands by Christmas Eve, your parcel must reach our depot by {book-by 2026-12-24}.',
  },
  // Island GST (docs/decisions/0035): Jersey 5% from £60, the Bailiwick of Guernsey off.
  { category: GST_SETTING.category, name: GST_SETTING.name, value: DEFAULT_GST },
  // How many people an account may name in its household (decision 0037, src/shared/household.ts).
  { category: 'Account', name: 'HouseholdLimit', value: DEFAULT_HOUSEHOLD_LIMIT, public: false },
  // The days an excess-carriage invoice may be disputed (decision 0038, src/shared/disputes.ts).
  { category: DISPUTE_SETTING.category, name: DISPUTE_SETTING.name, value: DEFAULT_DISPUTE_DAYS },
  // The days staff have to decide a dispute before it is overdue (decision 0038).
  {
    category: DISPUTE_DECIDE_SETTING.category,
    name: DISPUTE_DECIDE_SETTING.name,
    value: DEFAULT_DISPUTE_DECIDE_DAYS,
  },
  // Days a consolidation waits for a late parcel before the rest may go without it (decision 0041).
  {
    category: CONSOLIDATION_CATEGORY,
    name: MISSING_PARCEL_DAYS_SETTING,
    value: DEFAULT_MISSING_PARCEL_DAYS,
    public: false,
  },
  // The storage clock of parcels waiting for their customer (terms 10.2 and 10.3, decision 0037).
  ...(Object.keys(DEFAULT_STORAGE_RULES) as (keyof StorageRules)[]).map((key) => ({
    category: STORAGE_CATEGORY,
    name: STORAGE_SETTING_NAMES[key],
    value: DEFAULT_STORAGE_RULES[key],
  })),
  // The customs paperwork (docs/decisions/0040): CN22 up to £270, CN23 above; the goods
  // must leave within 3 months of the retailer's order date, the customer warned 14 days before.
  ...(Object.keys(DEFAULT_CUSTOMS_RULES) as (keyof CustomsRules)[]).map((key) => ({
    category: CUSTOMS_CATEGORY,
    name: CUSTOMS_SETTING_NAMES[key],
    value: DEFAULT_CUSTOMS_RULES[key],
    public: false,
  })),
];

/**
 * Discount codes of a new installation, as the office's form writes them: a demo code (decision
 * 0012) and the code the Black Friday page promotes (content/pages/black-friday.md, which shows its
 * terms while it is usable: docs/decisions/0033).
 */
export const seedDiscountCodes = [
  {
    Code: 'WELCOME10',
    Description: 'Welcome offer: 10% off your first checkout',
    Kind: 'percent' as const,
    Percent: 10,
    MaxUsesPerCustomer: 1,
  },
  {
    Code: 'BLACKFRIDAY26',
    Description: 'Black Friday 2026: 10% off delivery, 27 November to 1 December',
    Kind: 'percent' as const,
    Percent: 10,
    ValidFrom: '2026-11-27',
    ValidTo: '2026-12-01',
  },
];
