// Kept apart from the form schemas (auth/schemas.ts) so that screens needing only the list, such
// as the checkout's address form, do not load zod.

/** Optional salutations of the register form (docs/requirements.md §5). */
export const SALUTATIONS = ['Mr.', 'Mrs.', 'Miss', 'Dr.', 'Ms.', 'Prof.', 'Rev.'] as const;
export type Salutation = (typeof SALUTATIONS)[number];
