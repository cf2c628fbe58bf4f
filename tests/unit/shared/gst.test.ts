// The one island GST rule (docs/decisions/0035): goods + retailer's delivery + our
// carriage, parcels arriving together valued together, liable from the threshold itself.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  DEFAULT_GST,
  combiningWarning,
  estimateGst,
  gstOf,
  parseGstSettings,
  sailingWarning,
  type GstParcel,
} from '../../../src/shared/gst';
import { formatMoney } from '../../../src/shared/money';

const JERSEY = DEFAULT_GST.Jersey;
const parcel = (goodsPence: number, retailerDeliveryPence = 0, carriagePence = 0): GstParcel => ({
  goodsPence,
  retailerDeliveryPence,
  carriagePence,
});

describe('the threshold (decision 0035: exactly £60 is liable)', () => {
  test('£59.99 pays nothing, £60.00 and £60.01 pay 5% of the whole value', () => {
    expect(estimateGst([parcel(5999)], JERSEY)).toMatchObject({
      valuePence: 5999,
      liable: false,
      gstPence: 0,
    });
    expect(estimateGst([parcel(6000)], JERSEY)).toMatchObject({
      valuePence: 6000,
      liable: true,
      gstPence: 300,
    });
    expect(estimateGst([parcel(6001)], JERSEY)).toMatchObject({
      valuePence: 6001,
      liable: true,
      gstPence: 300, // 300.05p
    });
  });

  test('the retailer’s delivery charge counts: £55 of goods and £5 delivery reach £60', () => {
    expect(estimateGst([parcel(5500)], JERSEY).liable).toBe(false);
    expect(estimateGst([parcel(5500, 499)], JERSEY)).toMatchObject({ liable: false, gstPence: 0 });
    expect(estimateGst([parcel(5500, 500)], JERSEY)).toMatchObject({
      valuePence: 6000,
      liable: true,
      gstPence: 300,
    });
    expect(estimateGst([parcel(5500, 501)], JERSEY)).toMatchObject({ valuePence: 6001 });
  });

  test('goods, retailer’s delivery and our carriage and extras are one value', () => {
    // £40 goods + £4.95 retailer + £16.95 ours = £61.90; 5% = 309.5p, rounds up to 310p.
    expect(estimateGst([parcel(4000, 495, 1695)], JERSEY)).toMatchObject({
      valuePence: 6190,
      liable: true,
      gstPence: 310,
    });
  });
});

describe('parcels on one sailing are valued together', () => {
  test('two parcels under the threshold alone cross it together, and say so', () => {
    const two = [parcel(3500), parcel(3000)];
    const estimate = estimateGst(two, JERSEY);
    expect(estimate).toEqual({
      valuePence: 6500,
      liable: true,
      gstPence: 325,
      gstAlonePence: 0,
      combiningCrossesThreshold: true,
    });
    expect(combiningWarning('Jersey', estimate, JERSEY, formatMoney)).toBe(
      'Parcels that reach Jersey together are valued together: with goods, retailers’ delivery ' +
        'and our carriage these come to £65.00, at or over the £60.00 threshold, so Jersey ' +
        'Customs may charge GST at 5% on the whole amount, about £3.25, where the parcels on ' +
        'their own would bring £0.00.',
    );
  });

  test('exactly at the threshold together (£30.00 + £30.00) is liable; £30.00 + £29.99 is not', () => {
    expect(estimateGst([parcel(3000), parcel(3000)], JERSEY)).toMatchObject({
      liable: true,
      combiningCrossesThreshold: true,
    });
    const under = estimateGst([parcel(3000), parcel(2999)], JERSEY);
    expect(under).toMatchObject({ liable: false, gstPence: 0, combiningCrossesThreshold: false });
    expect(combiningWarning('Jersey', under, JERSEY, formatMoney)).toBeNull();
  });

  test('a parcel liable on its own: combining adds the other’s GST but crosses nothing new', () => {
    const estimate = estimateGst([parcel(7000), parcel(7000)], JERSEY);
    expect(estimate).toMatchObject({
      liable: true,
      gstPence: 700,
      gstAlonePence: 700,
      combiningCrossesThreshold: false,
    });
    // one liable, one not: the second's GST is new, so the customer is warned
    expect(estimateGst([parcel(7000), parcel(1000)], JERSEY)).toMatchObject({
      gstPence: 400,
      gstAlonePence: 350,
      combiningCrossesThreshold: true,
    });
  });
});

describe('GST is a setting per island', () => {
  test('by default Jersey charges 5% from £60 and the Bailiwick of Guernsey charges none', () => {
    const settings = parseGstSettings(DEFAULT_GST);
    expect(gstOf(settings, 'Jersey')).toEqual({ Enabled: true, Rate: 0.05, ThresholdPence: 6000 });
    for (const island of ['Guernsey', 'Alderney', 'Sark', 'Herm']) {
      expect(gstOf(settings, island)).toBeNull();
    }
    expect(gstOf(settings, 'France')).toBeNull();
    expect(gstOf(settings, null)).toBeNull();
  });

  test('switched on for Guernsey, Guernsey parcels follow the same rule', () => {
    const settings = parseGstSettings({
      ...DEFAULT_GST,
      Guernsey: { Enabled: true, Rate: 0.05, ThresholdPence: 6000 },
    });
    const guernsey = gstOf(settings, 'Guernsey')!;
    expect(estimateGst([parcel(5999)], guernsey).liable).toBe(false);
    expect(estimateGst([parcel(6000)], guernsey).gstPence).toBe(300);
    expect(gstOf(settings, 'Sark')).toBeNull();
  });

  test('an island missing or not of its shape is off, never a wrong estimate', () => {
    const settings = parseGstSettings({
      Jersey: { Enabled: true, Rate: '0.05', ThresholdPence: 6000 },
      Guernsey: { Enabled: true, Rate: 0.05, ThresholdPence: 60.5 },
      Sark: { Enabled: true, Rate: 5, ThresholdPence: 6000 },
    });
    for (const island of ['Jersey', 'Guernsey', 'Alderney', 'Sark', 'Herm']) {
      expect(gstOf(settings, island), island).toBeNull();
    }
    expect(gstOf(parseGstSettings(undefined), 'Jersey')).toBeNull();
  });
});

test('half a penny rounds up, the rate has no float noise, amounts must be whole pence', () => {
  expect(estimateGst([parcel(6010)], JERSEY).gstPence).toBe(301); // 300.5
  expect(estimateGst([parcel(6009)], JERSEY).gstPence).toBe(300); // 300.45
  const seven = { Enabled: true, Rate: 0.07, ThresholdPence: 0 };
  expect(estimateGst([parcel(10_000)], seven).gstPence).toBe(700);
  expect(() => estimateGst([parcel(10.5)], JERSEY)).toThrow(RangeError);
  expect(() => estimateGst([parcel(100, -1)], JERSEY)).toThrow(RangeError);
  expect(estimateGst([], JERSEY)).toMatchObject({ valuePence: 0, liable: false });
});

test('property: GST is the rate of the whole value to the nearest penny, from the threshold', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          goodsPence: fc.integer({ min: 0, max: 1_000_000 }),
          retailerDeliveryPence: fc.integer({ min: 0, max: 10_000 }),
          carriagePence: fc.integer({ min: 0, max: 100_000 }),
        }),
        { minLength: 1, maxLength: 5 },
      ),
      (parcels) => {
        const { valuePence, liable, gstPence, combiningCrossesThreshold } = estimateGst(
          parcels,
          JERSEY,
        );
        const sum = parcels.reduce(
          (s, p) => s + p.goodsPence + p.retailerDeliveryPence + p.carriagePence,
          0,
        );
        expect(valuePence).toBe(sum);
        expect(liable).toBe(sum >= 6000);
        if (!liable) expect(gstPence).toBe(0);
        else expect(Math.abs(gstPence - sum / 20)).toBeLessThanOrEqual(0.5);
        if (combiningCrossesThreshold) expect(parcels.length).toBeGreaterThan(1);
      },
    ),
  );
});

describe('at dispatch: one customer’s parcels on one sailing', () => {
  test('the warning names the parcels, in the checkout warning’s words; none when nothing is crossed', () => {
    const crossing = estimateGst([parcel(3000), parcel(2505, 495)], JERSEY);
    expect(sailingWarning('Jersey', ['ORD-1', 'ORD-2'], crossing, JERSEY, formatMoney)).toBe(
      'ORD-1 and ORD-2 reach Jersey on the same sailing, so they are valued together: with goods, retailers’ delivery and our carriage they come to £60.00, at or over the £60.00 threshold, so Jersey Customs may charge GST at 5% on the whole amount, about £3.00, where the parcels on their own would bring £0.00.',
    );
    const under = estimateGst([parcel(3000), parcel(2504, 495)], JERSEY);
    expect(sailingWarning('Jersey', ['ORD-1', 'ORD-2'], under, JERSEY, formatMoney)).toBeNull();
    // one parcel liable on its own: nothing new to tell
    const alone = estimateGst([parcel(7000)], JERSEY);
    expect(sailingWarning('Jersey', ['ORD-1'], alone, JERSEY, formatMoney)).toBeNull();
  });
});
