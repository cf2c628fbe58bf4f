import { useQuery } from '@tanstack/react-query';
import { apiDownload } from '../../../../lib/api-client';
import '../../../account/api/account-cache';

/**
 * A parcel photo (GET /public/orders/{Id}/photos/{PhotoId}) as a data: URL: the call needs the
 * bearer token, which an <img> cannot send, and the pages' Content-Security-Policy allows data:
 * images. The browser's own cache keeps the answer (the server marks it private).
 */
async function getParcelPhoto(url: string): Promise<string> {
  const blob = await apiDownload(url, 'image/*');
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('photo unreadable'));
    reader.readAsDataURL(blob);
  });
}

export function useParcelPhoto(url: string) {
  return useQuery({
    queryKey: ['account', 'parcel-photo', url],
    queryFn: () => getParcelPhoto(url),
    staleTime: Infinity,
    retry: false,
  });
}
