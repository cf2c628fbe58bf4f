import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { UserData } from '../../shared/api/auth';
import { Icon, icons } from './icons';
import { ACCOUNT_MESSAGES } from '../lib/account-messages';
import { shippingAddressLines, shippingAddressText } from '../lib/shipping-address';
import '../styles/account.css';

interface Props {
  user: Pick<UserData, 'FullName' | 'Reference' | 'ShippingAddress'>;
  /** Shows the reminder to book and pay for the delivery under the card (default true). */
  withReminder?: boolean;
  /**
   * Where the copy is confirmed: a toast at the foot of the window (default), or a line under
   * the card (inside the drawer, a modal dialog above which nothing else can show).
   */
  notice?: 'toast' | 'inline';
}

/**
 * The customer's unique UK shipping address (docs/requirements.md §2): clicking the card copies the
 * full name, the customer reference and the address to the clipboard, and says so. Plain HTML and
 * CSS, because the header's menu and drawer show it on every page.
 */
export function ShippingAddressCard({ user, withReminder = true, notice = 'toast' }: Props) {
  const [status, setStatus] = useState<string | null>(null);
  const lines = shippingAddressLines(user);

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(null), 4000);
    return () => clearTimeout(timer);
  }, [status]);

  const copy = async () => {
    setStatus(null);
    try {
      await navigator.clipboard.writeText(shippingAddressText(user));
      setStatus(ACCOUNT_MESSAGES.addressCopied);
    } catch {
      setStatus(ACCOUNT_MESSAGES.copyFailed);
    }
  };

  const message = (
    <div
      className={notice === 'toast' ? 'account-toast' : 'shipping-card__status'}
      role="status"
      data-testid="copy-notice"
    >
      {status}
    </div>
  );

  return (
    <div className="shipping-card">
      <button
        type="button"
        className="shipping-card__button"
        onClick={() => void copy()}
        data-testid="shipping-address-card"
        aria-label={`Copy your UK shipping address: ${lines.join(', ')}`}
      >
        <span className="shipping-card__head">
          <span className="shipping-card__title">Your UK shipping address</span>
          <span className="shipping-card__copy">
            <Icon path={icons.copy} size={16} />
            Copy
          </span>
        </span>
        {lines.map((line, i) => (
          <span
            key={`${i}:${line}`}
            className={i === 0 ? 'shipping-card__line shipping-card__name' : 'shipping-card__line'}
          >
            {line}
          </span>
        ))}
        <span className="shipping-card__reference">
          Customer reference: <strong data-testid="customer-reference">{user.Reference}</strong>
        </span>
      </button>
      {withReminder && (
        <p className="shipping-card__reminder">{ACCOUNT_MESSAGES.shippingReminder}</p>
      )}
      {notice === 'inline'
        ? message
        : status && typeof document !== 'undefined' && createPortal(message, document.body)}
    </div>
  );
}
