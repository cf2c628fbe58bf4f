import fp from 'fastify-plugin';
import { createPaymentProvider } from '../modules/payments/providers';
import type { PaymentProvider } from '../modules/payments/providers/provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sandbox or Stripe, as the configuration names it (modules/payments/providers). */
    paymentProvider: PaymentProvider;
  }
}

export const paymentProviderPart = fp(
  async (app) => {
    app.decorate('paymentProvider', await createPaymentProvider(app.config, app.database));
  },
  { name: 'payment-provider', dependencies: ['config', 'database'] },
);
