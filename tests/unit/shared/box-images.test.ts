import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { BOX_IMAGES, boxImagesFor, GENERIC_BOX_IMAGE } from '../../../src/shared/box-images';

const publicFolder = fileURLToPath(new URL('../../../public', import.meta.url));

describe('box image lookup (docs/requirements.md §2)', () => {
  test('ids 872 to 884, and only those', () => {
    expect(Object.keys(BOX_IMAGES).map(Number)).toEqual([
      872, 873, 874, 875, 876, 877, 878, 879, 880, 881, 882, 883, 884,
    ]);
  });

  test('872, 875, 878, 881, 882, 883, 884 have one image each', () => {
    for (const id of [872, 875, 878, 881, 882, 883, 884]) expect(BOX_IMAGES[id]).toHaveLength(1);
  });

  test('873, 874, 876, 877, 879, 880 have four each', () => {
    for (const id of [873, 874, 876, 877, 879, 880]) expect(BOX_IMAGES[id]).toHaveLength(4);
  });

  test('images are named by letter A to M in id order', () => {
    expect(BOX_IMAGES[872]).toEqual(['/images/boxes/box-a.svg']);
    expect(BOX_IMAGES[873]).toEqual([1, 2, 3, 4].map((view) => `/images/boxes/box-b-${view}.svg`));
    expect(BOX_IMAGES[884]).toEqual(['/images/boxes/box-m.svg']);
    const letters = Object.values(BOX_IMAGES).map((paths) => paths[0].match(/box-([a-m])/)?.[1]);
    expect(letters.join('')).toBe('abcdefghijklm');
  });

  test("chosen by the product's TTLMDProductCode, default a generic box", () => {
    expect(boxImagesFor(875)).toEqual(['/images/boxes/box-d.svg']);
    expect(boxImagesFor(999)).toEqual([GENERIC_BOX_IMAGE]);
    expect(boxImagesFor(null)).toEqual(['/images/boxes/box-generic.svg']);
    expect(boxImagesFor(undefined)).toEqual(['/images/boxes/box-generic.svg']);
  });

  test('every image exists in public/, is an SVG and is under 2 KB', () => {
    const paths = [...Object.values(BOX_IMAGES).flat(), GENERIC_BOX_IMAGE];
    expect(paths).toHaveLength(32);
    for (const path of paths) {
      const file = `${publicFolder}${path}`;
      expect(existsSync(file), path).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), path).toBe(true);
      expect(Buffer.byteLength(svg), path).toBeLessThan(2048);
    }
  });
});
