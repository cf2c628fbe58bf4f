import { addressLines } from '../../shared/saved-addresses';
import type { Address } from '../../shared/api/addresses';
import '../styles/addresses.css';

/**
 * An address as a postal address block: the name in bold, a line each, then the telephone.
 * Plain elements (addresses.css), so the checkout shows it without MUI; the dashboard and the
 * back office show the same block.
 */
export function AddressText({ address }: { address: Address }) {
  const [name, ...lines] = addressLines(address);
  return (
    <address className="address-text">
      <span className="address-text__name">{name}</span>
      {lines.map((line, i) => (
        <span key={i}>{line}</span>
      ))}
      {address.Telephone && <span className="address-text__muted">Tel. {address.Telephone}</span>}
    </address>
  );
}

/** An address already written as lines (an order's delivery address), a line each. */
export function AddressLines({ lines }: { lines: readonly string[] }) {
  return (
    <address className="address-lines">
      {lines.map((line, i) => (
        <span key={i}>{line}</span>
      ))}
    </address>
  );
}
