import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { estimateJerseyGst, parseGstSettings } from '../../../src/shared/gst';

const settings = { rate: 0.05, thresholdPence: 6000 };

describe('Jersey GST estimate', () => {
  test('nothing at or under the threshold, goods plus carriage and insurance', () => {
    expect(estimateJerseyGst(5000, 1000, settings)).toEqual({
      valuePence: 6000,
      liable: false,
      gstPence: 0,
    });
  });

  test('over the threshold, 5% of the whole value', () => {
    // £55 of goods + £6.95 delivery = £61.95; 5% = 309.75p, rounds to 310p.
    expect(estimateJerseyGst(5500, 695, settings)).toEqual({
      valuePence: 6195,
      liable: true,
      gstPence: 310,
    });
    expect(estimateJerseyGst(100_000, 0, settings).gstPence).toBe(5000);
  });

  test('half a penny rounds up, and the rate has no float noise', () => {
    expect(estimateJerseyGst(6010, 0, settings).gstPence).toBe(301); // 300.5
    expect(estimateJerseyGst(6009, 0, settings).gstPence).toBe(300); // 300.45
    expect(estimateJerseyGst(10_000, 0, { rate: 0.07, thresholdPence: 0 }).gstPence).toBe(700);
  });

  test('amounts must be whole pence', () => {
    expect(() => estimateJerseyGst(10.5, 0, settings)).toThrow(RangeError);
    expect(() => estimateJerseyGst(-1, 0, settings)).toThrow(RangeError);
  });

  test('the settings are read from the settings rows, or not at all', () => {
    expect(parseGstSettings(0.05, 6000)).toEqual(settings);
    expect(parseGstSettings(undefined, 6000)).toBeNull();
    expect(parseGstSettings('0.05', 6000)).toBeNull();
    expect(parseGstSettings(5, 6000)).toBeNull();
    expect(parseGstSettings(0.05, 60.5)).toBeNull();
    expect(parseGstSettings(0.05, -1)).toBeNull();
  });

  test('property: GST is the rate of the value, to the nearest penny, only over the threshold', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (goods, carriage) => {
          const { valuePence, liable, gstPence } = estimateJerseyGst(goods, carriage, settings);
          expect(valuePence).toBe(goods + carriage);
          expect(liable).toBe(valuePence > 6000);
          if (!liable) expect(gstPence).toBe(0);
          else expect(Math.abs(gstPence - valuePence / 20)).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });
});
