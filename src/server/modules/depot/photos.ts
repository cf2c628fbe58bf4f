import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { DEPOT_LIMITS, DEPOT_MESSAGES } from '../../../shared/api/depot';
import type { FieldError } from '../../../shared/api/errors';
import { HttpError } from '../../lib/errors';
import type { PhotoInput } from './receiving';

/**
 * Parcel photos as uploaded (base64 in the JSON), decoded on the server before anything is
 * stored (decision 0031): the kind is what libvips finds in the bytes (JPEG, PNG or WebP, whatever
 * the file claimed); the pixel count is read from the header and refused above
 * `DEPOT_LIMITS.photoPixels` before any decoding, and libvips is held to the same limit while it
 * decodes, so a decompression bomb never inflates; the picture is turned upright by its EXIF
 * orientation, shrunk to `DEPOT_LIMITS.resizedSide` px on its longest side and re-encoded as a
 * JPEG with no metadata at all (no GPS position, camera or EXIF). Browsers are only ever served
 * what this wrote.
 */

/** JPEG quality of a stored photo: the same as the receiving screen's own resize. */
const QUALITY = 85;
/** Longest a photo may take to decode and encode (a pathological file fails instead). */
const TIMEOUT_SECONDS = 10;
const KINDS = new Set(['jpeg', 'png', 'webp']);

type SharpOf = (input: Buffer, options?: SharpOptions) => Sharp;
let libvips: Promise<SharpOf> | undefined;

/**
 * sharp (libvips), loaded with the first photo a node decodes rather than at its start (with the
 * PDFs' code and Stripe's, 0.7 s of every node's start). Decoded images are not cached between
 * requests: every photo is read once.
 */
function loadSharp(): Promise<SharpOf> {
  libvips ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return libvips;
}

/** The photo re-encoded for storing, or what is wrong with it (the field's message). */
export async function storablePhoto(data: Buffer): Promise<PhotoInput | string> {
  const sharp = await loadSharp();
  let header: Metadata;
  try {
    header = await sharp(data).metadata();
  } catch {
    return DEPOT_MESSAGES.photoType;
  }
  if (!KINDS.has(header.format)) return DEPOT_MESSAGES.photoType;
  if (header.width * header.height > DEPOT_LIMITS.photoPixels) return DEPOT_MESSAGES.photoPixels;
  try {
    const { data: jpeg, info } = await sharp(data, {
      limitInputPixels: DEPOT_LIMITS.photoPixels,
      failOn: 'error',
    })
      .timeout({ seconds: TIMEOUT_SECONDS })
      .autoOrient()
      .resize({
        width: DEPOT_LIMITS.resizedSide,
        height: DEPOT_LIMITS.resizedSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      // JPEG has no transparency: a transparent PNG goes on white, as the screen does.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { contentType: 'image/jpeg', data: jpeg, width: info.width, height: info.height };
  } catch {
    return DEPOT_MESSAGES.photoUnreadable;
  }
}

/**
 * Decodes the uploaded photos (base64, already checked for size and alphabet by the schema); a
 * bad one is a 400 naming its field (`Photos.2.Data`) with what is wrong, every bad photo at once.
 */
export async function decodePhotos(photos: readonly { Data: string }[]): Promise<PhotoInput[]> {
  const results = await Promise.all(
    photos.map((photo) => storablePhoto(Buffer.from(photo.Data, 'base64'))),
  );
  const errors: FieldError[] = [];
  const decoded: PhotoInput[] = [];
  results.forEach((result, i) => {
    if (typeof result === 'string') errors.push({ field: `Photos.${i}.Data`, error: result });
    else decoded.push(result);
  });
  if (errors.length > 0) throw new HttpError(400, 'Please check the photos.', errors);
  return decoded;
}
