import { apiDownload } from '../../../../lib/api-client';

/**
 * A parcel photo (GET /public/orders/{Id}/photos/{PhotoId}) as a data: URL, or null when it could
 * not be fetched: the call needs the bearer token, which an <img> cannot send, and the pages'
 * Content-Security-Policy allows data: images. The browser's own cache keeps the answer (the
 * server marks it private), so the order's page asks again at no cost when it is revalidated.
 */
export async function getParcelPhoto(url: string): Promise<string | null> {
  try {
    const blob = await apiDownload(url, 'image/*');
    return await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.onerror = () => reject(reader.error ?? new Error('photo unreadable'));
      reader.readAsDataURL(blob);
    });
  } catch {
    return null;
  }
}
