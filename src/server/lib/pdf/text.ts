import bidiFactory from 'bidi-js';
import { withoutInvisible } from '../../../shared/invisible-text';
import { ASCENT, fontChain, LINE_HEIGHT, type Face, type Weight } from './fonts';

/**
 * Text in the PDFs, whatever alphabet it is in (decision 0031). pdfkit sets one font at a time and
 * knows nothing of right-to-left text, so this lays text out itself:
 * - cleaning: NFC; zero-width and other invisible format characters (U+200B, joiners, direction
 *   marks, U+FEFF, soft hyphens, variation selectors, emoji skin tones) are dropped, tabs become
 *   spaces, other control characters are dropped;
 * - fonts: each character is set in the first font of the chain that has it (a combining mark
 *   stays in its letter's font when that font has it); a character no font has becomes
 *   U+FFFD (a visible replacement), never another letter;
 * - lines: words are wrapped to the width (Chinese, Japanese and Korean may break between any two
 *   characters; a word wider than the line is broken), up to `maxLines` with an ellipsis;
 * - direction: the Unicode bidirectional algorithm (bidi-js) orders each line, the paragraph's
 *   direction taken from its first strong character; an Arabic or Hebrew run goes to fontkit in
 *   its logical order, which shapes it (Arabic's joined forms and lam-alef) and lays it out
 *   right to left; brackets in right-to-left runs are mirrored.
 */

const bidi = bidiFactory();

export interface TextStyle {
  size: number;
  width: number;
  weight?: Weight;
  color?: string;
  align?: 'left' | 'center' | 'right';
  /** Lines at most; a longer text's last line ends in an ellipsis. */
  maxLines?: number;
  /** Extra space between lines, points. */
  lineGap?: number;
  characterSpacing?: number;
  link?: string;
}

const CONTROL = /[\p{Cc}]/gu;
const REPLACEMENT = '\uFFFD';
const ELLIPSIS = '…';

/** The text as it is printed: NFC, no invisible or control characters, tabs as spaces. */
function cleanForPrint(text: string): string {
  return withoutInvisible(text.normalize('NFC'))
    .replace(/\t/g, ' ')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, (c) => (c === '\n' ? c : ''));
}

/** A character in its font. */
interface Char {
  text: string;
  face: Face;
}

/** Combining marks: set in their letter's font when it has them. */
const MARK = /\p{Script=Inherited}/u;
const RIGHT_TO_LEFT_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
/** Characters a line may break before or after: Han, kana and Hangul. */
const IDEOGRAPHIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

function assignFaces(text: string, chain: Face[]): Char[] {
  const chars: Char[] = [];
  let previous: Face | undefined;
  for (const raw of text) {
    const cp = raw.codePointAt(0) ?? 0;
    const keep = previous && MARK.test(raw) && previous.font.hasGlyphForCodePoint(cp);
    const face = keep ? previous : chain.find((f) => f.font.hasGlyphForCodePoint(cp));
    const char = face ? { text: raw, face } : { text: REPLACEMENT, face: replacementFace(chain) };
    chars.push(char);
    previous = char.face;
  }
  return chars;
}

function replacementFace(chain: Face[]): Face {
  const face = chain.find((f) => f.font.hasGlyphForCodePoint(0xfffd));
  if (!face) throw new Error('No embedded font has U+FFFD');
  return face;
}

/** Where a line may break: after a space, or on either side of an ideograph. */
function words(chars: Char[]): Char[][] {
  const out: Char[][] = [];
  let word: Char[] = [];
  chars.forEach((c, i) => {
    const next = chars[i + 1]?.text ?? '';
    word.push(c);
    if (c.text === ' ' || IDEOGRAPHIC.test(c.text) || IDEOGRAPHIC.test(next)) {
      out.push(word);
      word = [];
    }
  });
  if (word.length) out.push(word);
  return out;
}

type Doc = PDFKit.PDFDocument;

/** Consecutive characters in the same font, as fontkit will lay them out. */
function fontRuns(chars: Char[]): Char[][] {
  const runs: Char[][] = [];
  for (const c of chars) {
    const last = runs.at(-1);
    if (last && last[0].face === c.face) last.push(c);
    else runs.push([c]);
  }
  return runs;
}

const joined = (chars: Char[]) => chars.map((c) => c.text).join('');

/**
 * How fontkit lays a run out. Left-to-right text goes without the fonts' glyph (de)composition
 * (`ccmp`): Noto Sans splits Vietnamese ị into i and a dot, and pdfkit records one text per glyph,
 * so every later i would read back as ị; NFC text needs no composing. Left-to-right runs also
 * skip the contextual features Latin, Greek, Cyrillic and CJK names do not need (each feature
 * costs fontkit time on every layout); they keep ligatures, kerning and mark positioning.
 * Right-to-left runs keep every feature (Arabic needs them to join).
 */
const LEFT_TO_RIGHT_FEATURES = {
  ccmp: false,
  locl: false,
  calt: false,
  clig: false,
  rclt: false,
  curs: false,
  rlig: false,
};
const features = (text: string) =>
  RIGHT_TO_LEFT_SCRIPT.test(text) ? undefined : LEFT_TO_RIGHT_FEATURES;

/** Widths measured for a document, per font and text, in points at size 1. */
const measured = new WeakMap<Doc, Map<string, number>>();

/**
 * The width of a run of one font, as pdfkit will draw it: fontkit directly, remembered for the
 * document (pdfkit lays a run out anew on every call when features are given).
 */
function runWidth(doc: Doc, face: Face, text: string, style: TextStyle): number {
  let widths = measured.get(doc);
  if (!widths) measured.set(doc, (widths = new Map()));
  const key = `${face.name}\u0000${text}`;
  let unit = widths.get(key);
  if (unit === undefined) {
    unit = face.font.layout(text, features(text)).advanceWidth / face.font.unitsPerEm;
    widths.set(key, unit);
  }
  return unit * style.size + (style.characterSpacing ?? 0) * (text.length - 1);
}

function widthOf(doc: Doc, chars: Char[], style: TextStyle): number {
  return fontRuns(chars).reduce(
    (sum, run) => sum + runWidth(doc, run[0].face, joined(run), style),
    0,
  );
}

/** pdfkit's internals this file relies on (pdfkit 0.20; the PDF text tests would catch a change). */
interface PdfkitInternals {
  _registeredFonts: Record<string, unknown>;
  _font: { unicode: number[][] };
}

/** Per embedded font, the glyphs whose text is already reversed for right-to-left readers. */
const reversedGlyphs = new WeakMap<object, Set<number>>();

function useFace(doc: Doc, face: Face, style: TextStyle) {
  const internals = doc as Doc & PdfkitInternals;
  if (!internals._registeredFonts[face.name]) {
    // The font as fontkit read it once for the process (pdfkit takes a fontkit font as well as a
    // file): given the file, every document parsed its tables again, most of a PDF's time. Its
    // glyphs are the document's own: fontkit keeps each glyph with the characters it was first
    // reached from, which pdfkit writes as the glyph's text.
    (face.font as unknown as { _glyphs: object })._glyphs = {};
    doc.registerFont(face.name, face.font as unknown as PDFKit.Mixins.PDFFontSource);
  }
  doc.font(face.name).fontSize(style.size);
}

/**
 * A right-to-left ligature (Arabic's lam-alef, the word Allah) is one glyph for several letters,
 * and pdfkit writes their text in logical order; PDF readers (pdf.js, poppler) read a
 * right-to-left run in visual order and reverse it, letters of a ligature included, so its text
 * is stored reversed to come back right.
 */
function reverseLigatureText(doc: Doc) {
  const font = (doc as Doc & PdfkitInternals)._font;
  let done = reversedGlyphs.get(font);
  if (!done) reversedGlyphs.set(font, (done = new Set()));
  font.unicode.forEach((codePoints, gid) => {
    if (codePoints && codePoints.length > 1 && !done.has(gid)) {
      font.unicode[gid] = [...codePoints].reverse();
      done.add(gid);
    }
  });
}

const trimEnd = (line: Char[]) => {
  let end = line.length;
  while (end > 0 && line[end - 1].text === ' ') end--;
  return line.slice(0, end);
};

/** Greedy wrapping of one paragraph's words into lines no wider than the width. */
function wrap(doc: Doc, paragraph: Char[], style: TextStyle): Char[][] {
  const lines: Char[][] = [];
  let line: Char[] = [];
  let width = 0; // of `line`, trailing spaces included
  for (const word of words(paragraph)) {
    const whole = widthOf(doc, word, style);
    if (width + widthOf(doc, trimEnd(word), style) <= style.width) {
      line.push(...word);
      width += whole;
      continue;
    }
    if (line.length) lines.push(trimEnd(line));
    [line, width] = [[], 0];
    // A word wider than the line is broken where it must be.
    for (const c of word) {
      const w = widthOf(doc, [c], style);
      if (line.length && c.text !== ' ' && width + w > style.width) {
        lines.push(trimEnd(line));
        [line, width] = [[], 0];
      }
      line.push(c);
      width += w;
    }
  }
  lines.push(trimEnd(line));
  return lines;
}

/** The line shortened until it fits with an ellipsis after it. */
function withEllipsis(doc: Doc, line: Char[], style: TextStyle): Char[] {
  const ellipsis = assignFaces(ELLIPSIS, fontChain(style.weight ?? 'regular'));
  let kept = trimEnd(line);
  while (kept.length && widthOf(doc, [...kept, ...ellipsis], style) > style.width) {
    kept = trimEnd(kept.slice(0, -1));
  }
  return [...kept, ...ellipsis];
}

/**
 * The line's characters in visual order, in runs of one font and one direction, each run's text
 * as fontkit must get it: right-to-left letters in logical order (fontkit reverses them as it
 * shapes them), anything else in visual order (mirrored where it is right-to-left).
 */
function visualRuns(line: Char[]): { text: string; face: Face; rtl: boolean }[] {
  const text = joined(line);
  if (!text) return [];
  const levels = bidi.getEmbeddingLevels(text);
  // Each code unit of `text` mapped to its character, and each character to its first unit.
  const charAt: number[] = [];
  const firstUnit: number[] = [];
  line.forEach((c, i) => {
    firstUnit.push(charAt.length);
    for (let k = 0; k < c.text.length; k++) charAt.push(i);
  });
  const order: number[] = [];
  for (const unit of bidi.getReorderedIndices(text, levels)) {
    const i = charAt[unit];
    if (order.at(-1) !== i) order.push(i);
  }
  const runs: { chars: Char[]; level: number }[] = [];
  for (const i of order) {
    const level = levels.levels[firstUnit[i]];
    const last = runs.at(-1);
    if (last && last.level === level && last.chars[0].face === line[i].face)
      last.chars.push(line[i]);
    else runs.push({ chars: [line[i]], level });
  }
  return runs.map(({ chars, level }) => {
    const rtl = level % 2 === 1;
    const face = chars[0].face;
    if (rtl && chars.some((c) => RIGHT_TO_LEFT_SCRIPT.test(c.text))) {
      return { text: joined([...chars].reverse()), face, rtl: true };
    }
    const shown = rtl ? chars.map((c) => bidi.getMirroredCharacter(c.text) ?? c.text) : chars;
    return { text: rtl ? shown.join('') : joined(chars), face, rtl: false };
  });
}

/**
 * Writes the text at (x, y) within the style's width, starting a new page when a line would
 * cross the bottom margin; leaves doc.x at x and doc.y below the text.
 */
export function writeText(doc: Doc, text: string, x: number, y: number, style: TextStyle): void {
  const chain = fontChain(style.weight ?? 'regular');
  let lines = cleanForPrint(text)
    .split('\n')
    .flatMap((paragraph) => wrap(doc, assignFaces(paragraph, chain), style));
  if (style.maxLines && lines.length > style.maxLines) {
    lines = lines.slice(0, style.maxLines);
    lines[lines.length - 1] = withEllipsis(doc, lines[lines.length - 1], style);
  }
  const lineHeight = style.size * LINE_HEIGHT;
  const gap = style.lineGap ?? 0;
  let top = y;
  for (const line of lines) {
    if (
      top + lineHeight > doc.page.height - doc.page.margins.bottom &&
      top > doc.page.margins.top
    ) {
      doc.addPage();
      top = doc.page.margins.top;
    }
    const lineWidth = widthOf(doc, line, style);
    let cx =
      style.align === 'center'
        ? x + (style.width - lineWidth) / 2
        : style.align === 'right'
          ? x + style.width - lineWidth
          : x;
    for (const run of visualRuns(line)) {
      useFace(doc, run.face, style);
      doc.fillColor(style.color ?? '#000000').text(run.text, cx, top + style.size * ASCENT, {
        characterSpacing: style.characterSpacing,
        features: features(run.text) as unknown as PDFKit.Mixins.OpenTypeFeatures[] | undefined,
        lineBreak: false,
        baseline: 'alphabetic',
        link: style.link,
      });
      if (run.rtl) reverseLigatureText(doc);
      cx += runWidth(doc, run.face, run.text, style);
    }
    top += lineHeight + gap;
  }
  doc.x = x;
  doc.y = top;
}
