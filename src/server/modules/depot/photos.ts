import { DEPOT_LIMITS, DEPOT_MESSAGES, type PhotoType } from '../../../shared/api/depot';
import type { FieldError } from '../../../shared/api/errors';
import { HttpError } from '../../lib/errors';
import type { PhotoInput } from './service';

/**
 * Parcel photos as uploaded (base64 in the receive call's JSON): the type is read from the bytes
 * (JPEG, PNG or WebP by their magic numbers, whatever the file claimed), the size is checked
 * decoded, and the width and height are read from the image's header without decoding it.
 */

export interface ImageInfo {
  contentType: PhotoType;
  width: number;
  height: number;
}

const startsWith = (b: Buffer, bytes: number[], at = 0) =>
  b.length >= at + bytes.length && bytes.every((v, i) => b[at + i] === v);

/** The type and pixel size of a JPEG, PNG or WebP image; null for anything else. */
export function imageInfo(b: Buffer): ImageInfo | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return pngInfo(b);
  if (startsWith(b, [0xff, 0xd8, 0xff])) return jpegInfo(b);
  if (b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') {
    return webpInfo(b);
  }
  return null;
}

/** Whether the bytes start like one of the accepted image types (size not read yet). */
export function looksLikeImage(b: Buffer): boolean {
  return (
    startsWith(b, [0x89, 0x50, 0x4e, 0x47]) ||
    startsWith(b, [0xff, 0xd8, 0xff]) ||
    (b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
  );
}

const sized = (contentType: PhotoType, width: number, height: number): ImageInfo | null =>
  width > 0 && height > 0 ? { contentType, width, height } : null;

function pngInfo(b: Buffer): ImageInfo | null {
  // The first chunk is IHDR: length (4), type (4), width (4), height (4).
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return sized('image/png', b.readUInt32BE(16), b.readUInt32BE(20));
}

function jpegInfo(b: Buffer): ImageInfo | null {
  // Walk the segments to the first start-of-frame (SOF0 to SOF15, but not DHT, JPG or DAC).
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    const length = b.readUInt16BE(at + 2);
    if (length < 2) return null;
    const isFrame =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 9 > b.length) return null;
      return sized('image/jpeg', b.readUInt16BE(at + 7), b.readUInt16BE(at + 5));
    }
    if (marker === 0xda || marker === 0xd9) return null; // image data before any frame
    at += 2 + length;
  }
  return null;
}

function webpInfo(b: Buffer): ImageInfo | null {
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ' && b.length >= 30) {
    // Lossy: a key frame's start code, then 14-bit width and height.
    if (!startsWith(b, [0x9d, 0x01, 0x2a], 23)) return null;
    return sized('image/webp', b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff);
  }
  if (chunk === 'VP8L' && b.length >= 25) {
    // Lossless: signature 0x2f, then 14 bits of width - 1 and 14 bits of height - 1.
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return sized('image/webp', (bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X' && b.length >= 30) {
    // Extended: 24-bit canvas width - 1 and height - 1.
    return sized('image/webp', b.readUIntLE(24, 3) + 1, b.readUIntLE(27, 3) + 1);
  }
  return null;
}

/**
 * Decodes and checks the uploaded photos; a bad one is a 400 naming its field (`Photos.2.Data`)
 * with what is wrong (every bad photo is named at once).
 */
export function decodePhotos(photos: readonly { Data: string }[]): PhotoInput[] {
  const errors: FieldError[] = [];
  const decoded: PhotoInput[] = [];
  photos.forEach((photo, i) => {
    const field = `Photos.${i}.Data`;
    const data = Buffer.from(photo.Data, 'base64');
    const info = imageInfo(data);
    const problem =
      data.length > DEPOT_LIMITS.photoBytes
        ? DEPOT_MESSAGES.photoTooLarge
        : !looksLikeImage(data)
          ? DEPOT_MESSAGES.photoType
          : !info
            ? DEPOT_MESSAGES.photoUnreadable
            : Math.max(info.width, info.height) > DEPOT_LIMITS.photoSide
              ? DEPOT_MESSAGES.photoSide
              : null;
    if (problem || !info) {
      errors.push({ field, error: problem ?? DEPOT_MESSAGES.photoUnreadable });
    } else {
      decoded.push({ data, ...info });
    }
  });
  if (errors.length > 0) throw new HttpError(400, 'Please check the photos.', errors);
  return decoded;
}
