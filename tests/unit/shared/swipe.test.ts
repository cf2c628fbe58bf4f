import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { swipeDirection } from '../../../src/shared/swipe';

const origin = { x: 100, y: 100 };
const to = (dx: number, dy: number) =>
  swipeDirection(origin, { x: origin.x + dx, y: origin.y + dy });

describe('swipe detection (docs/requirements.md §9)', () => {
  test('a movement over 16 px with little on the other axis is a swipe', () => {
    expect(to(17, 0)).toBe('right');
    expect(to(-40, 10)).toBe('left');
    expect(to(0, 30)).toBe('down');
    expect(to(5, -17)).toBe('up');
  });

  test('16 px or less is not a swipe', () => {
    expect(to(16, 0)).toBeNull();
    expect(to(0, -16)).toBeNull();
    expect(to(0, 0)).toBeNull();
  });

  test('the other axis must move under half of the main axis', () => {
    expect(to(40, 19)).toBe('right');
    expect(to(40, 20)).toBeNull();
    expect(to(-20, 40)).toBeNull();
    expect(to(-19, 40)).toBe('down');
    expect(to(30, 30)).toBeNull();
  });

  test('property: a swipe exceeds 16 px on its axis with under half of that across', () => {
    const delta = fc.integer({ min: -300, max: 300 });
    fc.assert(
      fc.property(delta, delta, (dx, dy) => {
        const direction = to(dx, dy);
        const horizontal = Math.abs(dx) > 16 && Math.abs(dy) < Math.abs(dx) / 2;
        const vertical = Math.abs(dy) > 16 && Math.abs(dx) < Math.abs(dy) / 2;
        if (horizontal) expect(direction).toBe(dx > 0 ? 'right' : 'left');
        else if (vertical) expect(direction).toBe(dy > 0 ? 'down' : 'up');
        else expect(direction).toBeNull();
      }),
    );
  });
});
