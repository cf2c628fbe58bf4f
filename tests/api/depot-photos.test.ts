import zlib from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { DEPOT_LIMITS, DEPOT_MESSAGES } from '../../src/shared/api/depot';
import { parcelPhotos, parcels } from '../../src/server/db/schema';
import { useTestApp } from '../support/app';
import { base64, depotCalls, depotCustomer, measured, paidBooking, png } from '../support/depot';
import { staffMember } from '../support/staff';

/**
 * Photos are decoded on the server before they are stored (decision 0031): a decompression bomb is
 * refused before it inflates, what is stored is a JPEG no larger than the screen's size and with
 * no metadata (a phone's GPS position gone), and anything that is not a JPEG, PNG or WebP picture
 * is a 400 naming the photo. Real images, made with sharp.
 */

const ctx = useTestApp();
const calls = depotCalls(ctx);

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 1 x 1 PNG whose image data is a zlib stream inflating to 200 MB. */
function tinyPngWithHugeStream(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(200 * 1024 * 1024), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function receiving() {
  const depot = await staffMember(ctx, 'depot');
  const customer = await depotCustomer(ctx);
  const order = await paidBooking(ctx, customer, 'C');
  const receive = (Photos: { Data: string }[]) =>
    calls.receive(measured({ OrderId: order.Id, Photos }), depot.token);
  const storedFor = async (parcelId: number) =>
    ctx.database.db
      .select()
      .from(parcelPhotos)
      .where(eq(parcelPhotos.parcelId, parcelId))
      .orderBy(asc(parcelPhotos.id));
  const nothingRecorded = async () =>
    expect(
      await ctx.database.db.select().from(parcels).where(eq(parcels.orderId, order.Id)),
    ).toEqual([]);
  return { depot, order, receive, storedFor, nothingRecorded };
}

describe('photos sent to the depot', () => {
  test('a decompression bomb is refused before it is decoded, naming the photo', async () => {
    const { receive, nothingRecorded } = await receiving();
    // 4096 x 4096 pixels of black: 49 KB sent, 50 MB once decoded.
    const bomb = await sharp({
      create: { width: 4096, height: 4096, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(100_000);
    const res = await receive([{ Data: base64(await png(100, 100)) }, { Data: base64(bomb) }]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'Photos.1.Data', error: DEPOT_MESSAGES.photoPixels },
    ]);
    await nothingRecorded();
  });

  test('a 1 x 1 PNG with a 200 MB stream is decoded no further than its one pixel', async () => {
    const { receive, storedFor } = await receiving();
    const res = await receive([{ Data: base64(tinyPngWithHugeStream()) }]);
    expect(res.statusCode, res.body).toBe(201);
    const [stored] = await storedFor(res.json().Parcel.Id);
    expect(stored).toMatchObject({ contentType: 'image/jpeg', width: 1, height: 1 });
    expect(stored.data.length).toBeLessThan(1000);
  });

  test('a phone photo loses its GPS position and camera details, and stands upright', async () => {
    const { receive, storedFor, depot } = await receiving();
    // 2000 x 1500 as the sensor saw it, with EXIF saying "turn 90°" and where it was taken.
    const phone = await sharp({
      create: { width: 2000, height: 1500, channels: 3, background: '#806040' },
    })
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '49/1 11/1 2/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '2/1 6/1 25/1',
          GPSMapDatum: 'WGS-84',
        },
      })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(phone.includes('WGS-84')).toBe(true);
    const res = await receive([{ Data: base64(phone) }]);
    expect(res.statusCode, res.body).toBe(201);
    const [photo] = res.json().Parcel.Photos;
    // Upright (portrait) and no longer than the screen's size on its longest side.
    expect(photo).toMatchObject({
      ContentType: 'image/jpeg',
      Width: 1200,
      Height: DEPOT_LIMITS.resizedSide,
    });
    const [stored] = await storedFor(res.json().Parcel.Id);
    const served = await calls.get(`/api/admin/depot/photos/${photo.Id}`, depot.token);
    for (const bytes of [Buffer.from(stored.data), served.rawPayload]) {
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 1600 });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(bytes.includes('WGS-84')).toBe(false);
      expect(bytes.includes('PhoneMaker')).toBe(false);
    }
  });

  test('a transparent PNG is stored as a JPEG on white', async () => {
    const { receive, storedFor } = await receiving();
    const clear = await sharp({
      create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const res = await receive([{ Data: base64(clear) }]);
    expect(res.statusCode, res.body).toBe(201);
    const [stored] = await storedFor(res.json().Parcel.Id);
    const { data } = await sharp(stored.data).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThan(250);
  });

  test('what is not a JPEG, PNG or WebP picture is a 400 naming each photo', async () => {
    const { receive, nothingRecorded } = await receiving();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>';
    const pdf = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF';
    const res = await receive([
      { Data: Buffer.from('just some text').toString('base64') },
      { Data: Buffer.from(svg).toString('base64') },
      { Data: Buffer.from(pdf).toString('base64') },
      { Data: base64(await png(20, 20)) },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'Photos.0.Data', error: DEPOT_MESSAGES.photoType },
      { field: 'Photos.1.Data', error: DEPOT_MESSAGES.photoType },
      { field: 'Photos.2.Data', error: DEPOT_MESSAGES.photoType },
    ]);
    await nothingRecorded();
  });

  test('the development receive call decodes photos the same way', async () => {
    const { order } = await receiving();
    const res = await ctx.post('/dev/parcels/receive', {
      OrderReference: order.Reference,
      WeightGrams: 1000,
      LengthMm: 100,
      WidthMm: 100,
      HeightMm: 100,
      Photos: [{ Data: base64(await png(4096, 4096)) }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'Photos.0.Data', error: DEPOT_MESSAGES.photoPixels },
    ]);
  });
});
