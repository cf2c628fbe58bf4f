import { createContext, useContext, useId } from 'react';

/**
 * A root's prefix for the ids its elements get: the Register island is a root of its own
 * (features/account/register-island.tsx), whose ids must not meet the page's.
 */
export const IdPrefix = createContext('');

/** An id for an element, unique in the page (`useId` counts per root: docs/decisions/0043). */
export function useDomId(): string {
  return useContext(IdPrefix) + useId();
}
