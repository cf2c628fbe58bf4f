import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { checkoutResponse, type BookingInput } from '../../src/shared/api/checkout';
import { receiveResponse, type ReceiveRequest } from '../../src/shared/api/depot';
import { users } from '../../src/server/db/schema';
import type { TestContext } from './app';
import { bearer } from './accounts';
import { band, booking, checkoutCalls, checkoutCustomer, type Customer } from './checkout';

/**
 * Factories and calls for the depot's tests: paid bookings (checked out and paid with the sandbox
 * card, so they await their parcel), image headers of each accepted type, and the staff calls.
 */

/** A customer with saved addresses, and their customer reference. */
export async function depotCustomer(ctx: TestContext) {
  const customer = await checkoutCustomer(ctx);
  const [user] = await ctx.database.db.select().from(users).where(eq(users.id, customer.id));
  return { ...customer, reference: user.reference, firstName: user.firstName ?? '' };
}
export type DepotCustomer = Awaited<ReturnType<typeof depotCustomer>>;

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

// --- images: just the headers the server reads (type by magic bytes, width and height) --------

/** A baseline JPEG's start: SOI, a JFIF APP0 segment, then SOF0 with the size. */
export function jpeg(width: number, height: number, bytes = 512): Buffer {
  const app0 = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
    0x00, 0x00,
  ]);
  const sof = Buffer.alloc(19);
  sof.writeUInt16BE(0xffc0, 0);
  sof.writeUInt16BE(17, 2);
  sof[4] = 8;
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  sof[9] = 3;
  const head = Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof]);
  return Buffer.concat([
    head,
    Buffer.alloc(Math.max(0, bytes - head.length - 2), 0x11),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A PNG's signature and IHDR chunk. */
export function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr[16] = 8;
  ihdr[17] = 2;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
}

/** A lossy WebP's RIFF header and VP8 key frame header. */
export function webp(width: number, height: number): Buffer {
  const b = Buffer.alloc(40);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(32, 4);
  b.write('WEBP', 8, 'latin1');
  b.write('VP8 ', 12, 'latin1');
  b.writeUInt32LE(20, 16);
  b.set([0x9d, 0x01, 0x2a], 23);
  b.writeUInt16LE(width, 26);
  b.writeUInt16LE(height, 28);
  return b;
}

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
  Photos: [{ Data: base64(jpeg(1600, 1200)) }],
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
