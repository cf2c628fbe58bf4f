import type { PromiseView } from '../../../shared/api/sailings';
import { isIsland, type Island } from '../../../shared/islands';
import { apiRequest } from '../api-client';
import { createResource, type Resource } from '../remote-resource';

/** GET /public/sailings/promise: when a parcel booked now for `island` arrives. */
const getPromise = (island: Island) =>
  apiRequest<PromiseView>('GET', `/public/sailings/promise?Island=${island}`);

const byIsland = new Map<Island, Resource<PromiseView>>();

/**
 * The promise for a booking to `island` (null: no island, or not one we deliver to), fetched once
 * per page load and shared by every screen part that shows it (lib/remote-resource.ts).
 */
export function promiseResource(island: string | null): Resource<PromiseView> | null {
  if (!island || !isIsland(island)) return null;
  let resource = byIsland.get(island);
  if (!resource) {
    resource = createResource(() => getPromise(island));
    byIsland.set(island, resource);
  }
  return resource;
}

/**
 * Settles once the promises of these islands have answered (or failed): for a route's clientLoader
 * that draws its screen once, so the sentence does not push the screen down when it arrives.
 */
export const promisesReady = (islands: readonly (string | null)[]) =>
  Promise.all(islands.map((island) => promiseResource(island)?.ready()));
