/**
 * Characters that print as nothing (decision 0046): format characters (`\p{Cf}`: zero-width
 * space and joiners, the direction marks, embeddings, overrides and isolates such as U+202E that
 * turn `Bootsexe.txt` into something else on screen, the byte-order mark, the soft hyphen),
 * fillers, variation selectors and emoji skin tones. What we hand on to be printed or read by
 * another system (the PDFs, the carrier's customs data) leaves them out; what a customer typed
 * is kept as typed (a Persian name needs its zero-width non-joiner on screen).
 */
const INVISIBLE =
  // Variation selectors listed on their own on purpose: each is dropped alone.
  // eslint-disable-next-line no-misleading-character-class
  /\p{Cf}|\p{Emoji_Modifier}|\u034F|[\u115F\u1160\u17B4\u17B5\u3164\uFFA0]|[\uFE00-\uFE0F]|[\u{E0100}-\u{E01EF}]/gu;

/** The text without its invisible characters. */
export const withoutInvisible = (text: string) => text.replace(INVISIBLE, '');
