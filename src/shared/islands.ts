// The Channel Islands the service delivers to (docs/requirements.md §1), in its order. Kept
// apart from the form schemas so that screens needing only the list do not load zod.

/** Islands of residence and destination islands. */
export const ISLANDS = ['Jersey', 'Guernsey', 'Alderney', 'Sark', 'Herm'] as const;
export type Island = (typeof ISLANDS)[number];

/** Whether a stored or typed text names one of the islands. */
export const isIsland = (value: string): value is Island =>
  (ISLANDS as readonly string[]).includes(value);
