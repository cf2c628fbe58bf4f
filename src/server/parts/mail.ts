import fp from 'fastify-plugin';
import { MAIL_QUEUE_OPTIONS, Mailer, type MailQueueOptions } from '../lib/mail';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox's senders (lib/mail.ts): e-mails are queued in the transaction that decides them. */
    mailer: Mailer;
  }
}

/** The e-mail outbox's senders, started now and stopped when the app closes. */
export const mailPart = fp<{ pollingSeconds?: number; queue?: Partial<MailQueueOptions> }>(
  async (app, { pollingSeconds, queue }) => {
    const mailer = new Mailer(app.config, app.database.db, app.log, {
      workers: app.config.workers,
      pollMs: (pollingSeconds ?? 1) * 1000,
      ...app.config.mail,
      queue: { ...MAIL_QUEUE_OPTIONS, ...queue },
    });
    mailer.start();
    app.addHook('onClose', () => mailer.stop());
    app.decorate('mailer', mailer);
  },
  { name: 'mail', dependencies: ['config', 'database'] },
);
