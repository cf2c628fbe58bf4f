// The carriers that take parcels from the Portsmouth depot to the islands, and where a customer
// follows a parcel with its tracking number. Staff choose one when they dispatch (decision 0020);
// the order's timeline and the export certificate name it.

export const CARRIERS = [
  {
    id: 'condor-freight',
    name: 'Condor Ferries Freight',
    trackingUrl: 'https://www.condorferries.co.uk/freight/track?ref={tracking}',
  },
  {
    id: 'jersey-post',
    name: 'Jersey Post',
    trackingUrl: 'https://www.jerseypost.com/track/?trackingNumber={tracking}',
  },
  {
    id: 'guernsey-post',
    name: 'Guernsey Post',
    trackingUrl: 'https://www.guernseypost.com/track-trace/?trackingNumber={tracking}',
  },
  {
    id: 'dpd',
    name: 'DPD Channel Islands',
    trackingUrl: 'https://track.dpd.co.uk/parcels/{tracking}',
  },
] as const;

export type Carrier = (typeof CARRIERS)[number];
export type CarrierId = Carrier['id'];
export const CARRIER_IDS = CARRIERS.map((c) => c.id) as unknown as readonly [
  CarrierId,
  ...CarrierId[],
];

export function carrierOf(id: string): Carrier | undefined {
  return CARRIERS.find((c) => c.id === id);
}

/** The page where the customer follows a parcel, or null for an unknown carrier. */
export function trackingLink(carrierId: string, trackingNumber: string): string | null {
  const carrier = carrierOf(carrierId);
  if (!carrier || trackingNumber.trim() === '') return null;
  return carrier.trackingUrl.replace('{tracking}', encodeURIComponent(trackingNumber.trim()));
}
