// The Channel Islands the service delivers to (docs/requirements.md §1), in its order. Kept
// apart from the form schemas so that screens needing only the list do not load zod.

/** Islands of residence and destination islands. */
export const ISLANDS = ['Jersey', 'Guernsey', 'Alderney', 'Sark', 'Herm'] as const;
export type Island = (typeof ISLANDS)[number];
