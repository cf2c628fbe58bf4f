import { DEPOT_LIMITS } from '../../../shared/api/depot';

/** JPEG quality of a resized photo: a parcel's label and damage stay readable at about 300 KB. */
const QUALITY = 0.85;

/**
 * A photo from the camera or a file, made at most `DEPOT_LIMITS.resizedSide` px on its longest
 * side (never larger than it was) and encoded as JPEG, as a data URL the receive call takes.
 * Rejects a file the browser cannot read as an image.
 */
export async function resizePhoto(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = Math.min(1, DEPOT_LIMITS.resizedSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas to resize the photo on');
  // JPEG has no transparency: a transparent PNG goes on white, not black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', QUALITY);
}
