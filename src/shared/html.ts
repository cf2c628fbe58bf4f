/** Text made safe to place in HTML content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * A built page with a live block written in by the server (the price bands, the last days for
 * Christmas): the block's element from `open` (its opening tag up to its attributes) to its
 * closing `tag`, filled with `items(value)` and no longer busy. A page without the block, or a
 * `lookUp` that cannot answer, is left as it is, for the browser to fill.
 */
export async function withLiveBlock<T>(
  html: string,
  block: { open: string; tag: string; items: (value: T) => string },
  lookUp: () => Promise<T | undefined>,
): Promise<string> {
  const slot = new RegExp(`${block.open}[^>]*>[\\s\\S]*?</${block.tag}>`);
  if (!slot.test(html)) return html;
  const value = await lookUp();
  if (value === undefined) return html;
  return html.replace(
    slot,
    () => `${block.open} aria-busy="false">${block.items(value)}</${block.tag}>`,
  );
}
