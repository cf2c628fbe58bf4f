// An estimate of the Jersey GST due on import (issue 6). Jersey charges GST on goods imported by
// private individuals when their value, including carriage and insurance, is over a threshold,
// and then on the whole value (content/pages/faqs.md#jersey-gst). The rate and threshold are
// site settings (Tax/JerseyGstRate, Tax/JerseyGstThresholdPence), so a change in the law is a
// settings edit. Only an estimate: Jersey Customs works out what is actually due.

/** The rate (0.05 for 5%) and the threshold in pence (6000 for £60). */
export interface GstSettings {
  rate: number;
  thresholdPence: number;
}

/** The settings as stored, or null when missing or not sensible (then no estimate is shown). */
export function parseGstSettings(rate: unknown, thresholdPence: unknown): GstSettings | null {
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0 || rate >= 1) return null;
  if (!Number.isSafeInteger(thresholdPence) || (thresholdPence as number) < 0) return null;
  return { rate, thresholdPence: thresholdPence as number };
}

export interface GstEstimate {
  /** Goods plus carriage and insurance: the value Jersey Customs looks at. */
  valuePence: number;
  /** Whether that value is over the threshold. */
  liable: boolean;
  /** The estimated GST: the rate on the whole value when liable, otherwise 0. */
  gstPence: number;
}

/** Parts per million, so the sum stays in integers: 0.05 becomes 50,000. */
const PPM = 1_000_000;

/**
 * The estimated GST in whole pence (half a penny rounds up). `carriagePence` is everything paid
 * to us for the delivery: the delivery price plus the extras, insurance cover among them.
 */
export function estimateJerseyGst(
  goodsPence: number,
  carriagePence: number,
  settings: GstSettings,
): GstEstimate {
  if (![goodsPence, carriagePence].every((p) => Number.isSafeInteger(p) && p >= 0)) {
    throw new RangeError('Amounts must be whole pence, zero or more');
  }
  const valuePence = goodsPence + carriagePence;
  const liable = valuePence > settings.thresholdPence;
  const ppm = Math.round(settings.rate * PPM);
  const gstPence = liable ? Math.floor((valuePence * ppm + PPM / 2) / PPM) : 0;
  return { valuePence, liable, gstPence };
}
