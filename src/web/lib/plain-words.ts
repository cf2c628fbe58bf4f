/**
 * A message in plain words: a bare rule (`must be …`, the API's fragment) is given the field's
 * name (`The retailer must be at most 100 characters.`); a sentence stays as it is.
 */
export function plainWords(label: string, error: string): string {
  return /^[a-z]/.test(error) ? `${label} ${error}.` : error;
}
