import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

/**
 * The fonts the PDFs embed (decision 0031), all Noto from the @embedpdf/fonts-* packages (TTF and
 * OTF files, so nothing is fetched at install or run time): Noto Sans (Latin with every European
 * accent, Greek, Cyrillic, Vietnamese), Noto Naskh Arabic, Noto Sans Hebrew, Noto Sans CJK for
 * Chinese and Japanese (the Simplified Chinese font, kana included) and for Korean. Each weight
 * is a fallback chain: a character is set in the first font that has it. pdfkit embeds only the
 * glyphs a document uses.
 */

export type Weight = 'regular' | 'bold';

export interface Face {
  /** The name the font is registered under in a document. */
  name: string;
  font: fontkit.Font;
}

const require = createRequire(import.meta.url);

/**
 * A font file of an @embedpdf/fonts-* package, from the path of its main (`dist/index.cjs`; the
 * fonts are in `fonts/`). Each package is resolved by its literal name, so that knip sees the dependency.
 */
const fontFile = (main: string, file: string) => path.join(path.dirname(main), '..', 'fonts', file);

function files(weight: Weight): string[] {
  const style = weight === 'bold' ? 'Bold' : 'Regular';
  return [
    fontFile(require.resolve('@embedpdf/fonts-latin'), `NotoSans-${style}.ttf`),
    fontFile(require.resolve('@embedpdf/fonts-arabic'), `NotoNaskhArabic-${style}.ttf`),
    fontFile(require.resolve('@embedpdf/fonts-hebrew'), `NotoSansHebrew-${style}.ttf`),
    fontFile(require.resolve('@embedpdf/fonts-sc'), `NotoSansHans-${style}.otf`),
    fontFile(require.resolve('@embedpdf/fonts-kr'), `NotoSansKR-${style}.otf`),
  ];
}

const chains = new Map<Weight, Face[]>();

/** The weight's fonts in fallback order, read once per process (on the first PDF). */
export function fontChain(weight: Weight): Face[] {
  let chain = chains.get(weight);
  if (!chain) {
    chain = files(weight).map((file) => {
      const font = fontkit.create(fs.readFileSync(file));
      if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection`);
      return { name: `${weight}:${path.basename(file)}`, font };
    });
    chains.set(weight, chain);
  }
  return chain;
}

/**
 * Lines, per unit of font size: the baseline below a line's top and the distance between lines
 * (Noto Sans's accented capitals reach 0.93, its descenders 0.29).
 */
export const ASCENT = 0.95;
export const LINE_HEIGHT = 1.25;
