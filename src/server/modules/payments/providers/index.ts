import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox';

/** The provider PAYMENT_PROVIDER names: the built-in sandbox (default) or Stripe Checkout. */
export async function createPaymentProvider(
  config: Config,
  database: Database,
): Promise<PaymentProvider> {
  if (config.paymentProvider === 'stripe') {
    if (!config.stripe)
      throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    // Stripe's SDK is loaded only where it is used (0.1 s of a start).
    const { createStripeProvider } = await import('./stripe');
    return createStripeProvider(config.stripe);
  }
  return createSandboxProvider(database.db);
}
