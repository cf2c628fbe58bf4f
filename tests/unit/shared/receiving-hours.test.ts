import { describe, expect, test } from 'vitest';
import {
  formatReceivingHours,
  formatTime,
  isReceivingHours,
} from '../../../src/shared/receiving-hours';

describe('depot receiving hours', () => {
  test('times as people write them', () => {
    expect(formatTime('07:00')).toBe('7am');
    expect(formatTime('16:00')).toBe('4pm');
    expect(formatTime('16:30')).toBe('4:30pm');
    expect(formatTime('12:00')).toBe('12pm');
    expect(formatTime('00:05')).toBe('12:05am');
  });

  test('the setting written out (docs/requirements.md §1: 7am to 4pm, Monday to Friday)', () => {
    const hours = { days: 'Monday to Friday', opens: '07:00', closes: '16:00' };
    expect(isReceivingHours(hours)).toBe(true);
    expect(formatReceivingHours(hours)).toBe('7am to 4pm, Monday to Friday');
  });

  test('a malformed setting is refused', () => {
    expect(isReceivingHours(null)).toBe(false);
    expect(isReceivingHours({ days: 'Mon', opens: '7', closes: '16:00' })).toBe(false);
    expect(isReceivingHours({ days: 'Mon', opens: '07:00', closes: '16:00', note: 1 })).toBe(false);
  });
});
