import type { UserData } from '../../shared/api/auth';

type Shipping = Pick<UserData, 'FullName' | 'Reference' | 'ShippingAddress'>;

/**
 * The lines of the customer's unique UK shipping address as the card shows and copies them: the
 * full name first, the customer reference somewhere (the server works it into the street line),
 * then the depot's address. A name or reference missing from the server's lines is added.
 */
export function shippingAddressLines({ FullName, Reference, ShippingAddress }: Shipping): string[] {
  const lines = ShippingAddress.map((line) => line.trim()).filter(Boolean);
  const withName = lines[0] === FullName.trim() || !FullName.trim() ? lines : [FullName, ...lines];
  if (!Reference || withName.some((line) => line.includes(Reference))) return withName;
  return [withName[0], `Ref: ${Reference}`, ...withName.slice(1)];
}

/** What clicking the card puts on the clipboard: one line per address line. */
export function shippingAddressText(user: Shipping): string {
  return shippingAddressLines(user).join('\n');
}
