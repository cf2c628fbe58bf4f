import { extractText, getDocumentProxy } from 'unpdf';

/** A PDF's text as a reader extracts it, every page, runs of white space made one space. */
export async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
