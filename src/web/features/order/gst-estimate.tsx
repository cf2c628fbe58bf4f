import { Link } from 'react-router';
import { estimateJerseyGst, parseGstSettings } from '../../../shared/gst';
import { formatMoney, toPence } from '../../../shared/money';
import { Alert } from '../../components/plain-controls';
import { useSettings } from '../settings/use-settings';
import './booking.css';

interface Props {
  /** The value of the goods in pounds, when valid. */
  itemValue: number | null;
  /** What the customer pays us for this delivery, in pence (delivery price and extras). */
  carriagePence: number;
}

/**
 * An estimate of the Jersey GST due on import, from the rate and threshold in the settings
 * (Tax/JerseyGstRate, Tax/JerseyGstThresholdPence), clearly labelled an estimate. A plain alert
 * (components/plain-controls.tsx), so the booking steps and the checkout show it without MUI.
 */
export function GstEstimate({ itemValue, carriagePence }: Props) {
  const settings = useSettings();
  const gst = parseGstSettings(
    settings.get('Tax', 'JerseyGstRate'),
    settings.get('Tax', 'JerseyGstThresholdPence'),
  );
  if (!gst || itemValue === null) return null;
  const estimate = estimateJerseyGst(toPence(itemValue), carriagePence, gst);
  const rate = `${Number((gst.rate * 100).toFixed(2))}%`;
  const threshold = formatMoney(gst.thresholdPence);
  return (
    <Alert
      severity={estimate.liable ? 'warning' : 'info'}
      title="Jersey GST: an estimate"
      className="gst-estimate"
      data-testid="gst-estimate"
    >
      Goods {formatMoney(toPence(itemValue))} plus delivery and extras {formatMoney(carriagePence)}{' '}
      come to {formatMoney(estimate.valuePence)}.{' '}
      {estimate.liable ? (
        <>
          That is over the {threshold} threshold, so GST at {rate} of the whole amount would be
          about <strong data-testid="gst-amount">{formatMoney(estimate.gstPence)}</strong>, paid by
          you to Jersey Customs before the parcel is released.
        </>
      ) : (
        <>That is not over the {threshold} threshold, so no GST is expected.</>
      )}{' '}
      This is only an estimate: Jersey Customs decides what is due.{' '}
      <Link to="/faqs/#jersey-gst" target="_blank">
        About Jersey GST
      </Link>
    </Alert>
  );
}
