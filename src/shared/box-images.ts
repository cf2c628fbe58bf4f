// Box images of docs/requirements.md §2: TTLMDProductCode 872 to 884 name bands A to M. Bands B, C,
// E, F, H and I have four views of their box; the others have one. Files live in
// public/images/boxes.

const FOLDER = '/images/boxes';
const FIRST_CODE = 872;
const BAND_LETTERS = 'ABCDEFGHIJKLM';
const FOUR_VIEW_CODES: ReadonlySet<number> = new Set([873, 874, 876, 877, 879, 880]);

/** Shown for a product without a known code, and for custom shipments. */
export const GENERIC_BOX_IMAGE = `${FOLDER}/box-generic.svg`;

/** TTLMDProductCode to the ordered list of its box image paths. */
export const BOX_IMAGES: Readonly<Record<number, readonly string[]>> = Object.fromEntries(
  [...BAND_LETTERS].map((letter, index) => {
    const code = FIRST_CODE + index;
    const name = `${FOLDER}/box-${letter.toLowerCase()}`;
    const views = FOUR_VIEW_CODES.has(code)
      ? [1, 2, 3, 4].map((view) => `${name}-${view}.svg`)
      : [`${name}.svg`];
    return [code, views];
  }),
);

/** The box images for a product's TTLMDProductCode; the generic box when there is none. */
export function boxImagesFor(code: number | null | undefined): readonly string[] {
  return (code !== null && code !== undefined && BOX_IMAGES[code]) || [GENERIC_BOX_IMAGE];
}
