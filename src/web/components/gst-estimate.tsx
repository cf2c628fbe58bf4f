import { Link } from 'react-router';
import {
  GST_SETTING,
  estimateGst,
  formatRate,
  gstOf,
  parseGstSettings,
  type GstParcel,
} from '../../shared/gst';
import { formatMoney } from '../../shared/money';
import { Alert } from './plain-controls';
import { useSettings } from '../lib/use-settings';
import '../styles/booking.css';

interface Props {
  /** The destination island: no estimate for an island whose GST is off. */
  island: string | null;
  /** The value of the goods in pounds, when valid. */
  itemValue: number | null;
  /** What the retailer charged to deliver to our depot, pounds (null: not given). */
  retailerDelivery: number | null;
  /** What the customer pays us for this delivery, in pence (delivery price and extras). */
  carriagePence: number;
}

/** The island's GST from the site settings (Tax/Gst), or null when it charges none. */
function useIslandGst(island: string | null) {
  const settings = useSettings();
  return gstOf(parseGstSettings(settings.get(GST_SETTING.category, GST_SETTING.name)), island);
}

/**
 * An estimate of the island GST due on import by the shared rule (src/shared/gst.ts,
 * docs/decisions/0035), clearly labelled an estimate: a plain alert (components/plain-controls.tsx)
 * on the booking steps and the checkout.
 */
export function GstEstimate({ island, itemValue, retailerDelivery, carriagePence }: Props) {
  const gst = useIslandGst(island);
  if (!gst || !island || itemValue === null) return null;
  const parcel: GstParcel = {
    goodsPence: Math.round(itemValue * 100),
    retailerDeliveryPence: Math.round((retailerDelivery ?? 0) * 100),
    carriagePence,
  };
  const estimate = estimateGst([parcel], gst);
  const threshold = formatMoney(gst.ThresholdPence);
  return (
    <Alert
      severity={estimate.liable ? 'warning' : 'info'}
      title={`${island} GST: an estimate`}
      className="gst-estimate"
      data-testid="gst-estimate"
    >
      Goods {formatMoney(parcel.goodsPence)}
      {parcel.retailerDeliveryPence > 0 &&
        `, the retailer’s delivery ${formatMoney(parcel.retailerDeliveryPence)}`}{' '}
      plus our delivery and extras {formatMoney(carriagePence)} come to{' '}
      {formatMoney(estimate.valuePence)}.{' '}
      {estimate.liable ? (
        <>
          That reaches the {threshold} threshold, so GST at {formatRate(gst.Rate)} of the whole
          amount would be about{' '}
          <strong data-testid="gst-amount">{formatMoney(estimate.gstPence)}</strong>, paid by you to{' '}
          {island} Customs before the parcel is released.
        </>
      ) : (
        <>That is under the {threshold} threshold, so no GST is expected.</>
      )}{' '}
      Parcels that arrive together are valued together. This is only an estimate: {island} Customs
      decide what is due.{' '}
      <Link to="/faqs/#jersey-gst" target="_blank">
        About island GST
      </Link>
    </Alert>
  );
}
