import { lazy, type ComponentType } from 'react';
import { ChunkLoadError, loadChunk } from './chunks';
import { reloadForMissingChunk } from './deployment';

/**
 * `React.lazy` for a part of a page loaded on demand, with the chunk rules of
 * docs/requirements.md §8: it fails with `Loading chunk {name} failed` if it has not arrived within
 * 120 s, and when the server answered that the file is not there (a deployment replaced it) the
 * page is loaded afresh, once.
 *
 *     const LoginDialog = lazyChunk('login-dialog', () => import('./login-dialog'));
 */
export function lazyChunk<P extends object>(
  name: string,
  load: () => Promise<{ default: ComponentType<P> }>,
) {
  return lazy(() => loadPart(name, load));
}

/**
 * Loads a part of a page on demand with the chunk rules above (`lazyChunk`'s loader, and the
 * loader of a part whose HTML is in the page: features/account/register-island.tsx).
 */
export function loadPart<T>(name: string, load: () => Promise<T>): Promise<T> {
  return loadChunk(name, load).catch((error: unknown) => {
    const answered = error instanceof ChunkLoadError && error.cause !== undefined;
    if (answered && reloadForMissingChunk()) return new Promise<never>(() => {});
    throw error;
  });
}
