/** Movement in px along the main axis that a swipe must exceed (docs/requirements.md §9). */
const SWIPE_THRESHOLD_PX = 16;

export type SwipeDirection = 'left' | 'right' | 'up' | 'down';

export interface Point {
  x: number;
  y: number;
}

/**
 * The direction of a swipe from `start` to `end` in screen coordinates (y grows downwards), or
 * null: it counts only when the movement on its main axis exceeds 16 px and the movement on the
 * other axis is under half of it.
 */
export function swipeDirection(start: Point, end: Point): SwipeDirection | null {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  const across = Math.abs(dx);
  const along = Math.abs(dy);
  if (across > SWIPE_THRESHOLD_PX && along < across / 2) return dx > 0 ? 'right' : 'left';
  if (along > SWIPE_THRESHOLD_PX && across < along / 2) return dy > 0 ? 'down' : 'up';
  return null;
}
