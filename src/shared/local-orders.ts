/**
 * The id for a new local order: one higher than the largest existing id, or 1
 * (docs/requirements.md §3).
 */
export function nextOrderId(existingIds: readonly number[]): number {
  return existingIds.reduce((largest, id) => Math.max(largest, id), 0) + 1;
}
