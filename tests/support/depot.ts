import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { checkoutResponse, type BookingInput } from '../../src/shared/api/checkout';
import { receiveResponse, type ReceiveRequest } from '../../src/shared/api/depot';
import { users } from '../../src/server/db/schema';
import type { TestContext } from './app';
import { bearer } from './accounts';
import { band, booking, checkoutCalls, checkoutCustomer, type Customer } from './checkout';

/**
 * Factories and calls for the depot's tests: paid bookings (checked out and paid with the sandbox
 * card, so they await their parcel), real images of each kind, and the staff calls.
 */

/** A customer with saved addresses, and their customer reference. */
export async function depotCustomer(ctx: TestContext) {
  const customer = await checkoutCustomer(ctx);
  const [user] = await ctx.database.db.select().from(users).where(eq(users.id, customer.id));
  return { ...customer, reference: user.reference, firstName: user.firstName ?? '' };
}

/** A booking of the band, checked out and paid with the sandbox card: Awaiting Parcel. */
export async function paidBooking(
  ctx: TestContext,
  customer: Customer,
  bandCode = 'C',
  overrides: Partial<BookingInput> = {},
) {
  const calls = checkoutCalls(ctx);
  const product = await band(ctx, bandCode);
  const res = await calls.checkout(customer, [booking(product.id, overrides)]);
  expect(res.statusCode, res.body).toBe(201);
  const result = checkoutResponse.parse(res.json());
  const paid = await calls.payWithCard(result, '4242424242424242');
  expect(paid.statusCode).toBe(303);
  return { ...result.Orders[0], product, Payment: result.Payment };
}

// --- images: real ones, made with sharp ---------------------------------------------------------

/** A real image of the size, flat grey-blue (small to send); `format` as sharp names it. */
export function image(
  format: 'jpeg' | 'png' | 'webp' | 'gif',
  width: number,
  height: number,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#5a7d9a' } })
    .toFormat(format)
    .toBuffer();
}
export const jpeg = (width: number, height: number) => image('jpeg', width, height);
export const png = (width: number, height: number) => image('png', width, height);
export const webp = (width: number, height: number) => image('webp', width, height);

/** A photo as the receiving screen sends it: a JPEG 1600 px on its longest side. */
const SCREEN_PHOTO = (await jpeg(1600, 1200)).toString('base64');

export const base64 = (b: Buffer) => b.toString('base64');

/** The receive form of a parcel of band C's size or smaller. */
export const measured = (overrides: Partial<ReceiveRequest> = {}): ReceiveRequest => ({
  WeightKg: 4.25,
  LengthCm: 40,
  WidthCm: 30,
  HeightCm: 20,
  Shelf: 'B-12',
  Note: '',
  InboundTrackingNumber: '',
  Photos: [{ Data: SCREEN_PHOTO }],
  ...overrides,
});

export function depotCalls(ctx: TestContext) {
  const get = (url: string, token?: string) =>
    ctx.app.inject({ url, headers: token ? bearer(token) : {} });
  const post = (url: string, body: unknown, token?: string) =>
    ctx.post(url, body, token ? bearer(token) : {});
  return {
    get,
    post,
    lookup: (q: string, token: string) =>
      get(`/api/admin/depot/lookup?q=${encodeURIComponent(q)}`, token),
    receive: (body: ReceiveRequest, token: string) => post('/api/admin/depot/receive', body, token),
    /** Receives and answers the parsed result (fails the test on anything but 201). */
    received: async (body: ReceiveRequest, token: string) => {
      const res = await post('/api/admin/depot/receive', body, token);
      expect(res.statusCode, res.body).toBe(201);
      return receiveResponse.parse(res.json());
    },
    match: (parcelId: number, orderId: number, token: string) =>
      post(`/api/admin/depot/parcels/${parcelId}/match`, { OrderId: orderId }, token),
    parcels: (query: string, token: string) => get(`/api/admin/depot/parcels?${query}`, token),
  };
}
