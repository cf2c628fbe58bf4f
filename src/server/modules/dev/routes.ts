import { access } from '../../lib/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/errors';
import { onlyFromThisMachine } from '../../lib/this-machine';
import { escapeHtml } from '../../../shared/html';
import { readOutbox } from '../../lib/mail';

/**
 * The e-mail outbox for development (DEV_OUTBOX, off in production): `/dev/outbox` lists the
 * messages written to DATA_DIR/outbox with their links, `/dev/outbox/{id}` shows one message's
 * HTML part, and `/dev/outbox.json` gives the list to scripts and browser tests. The messages hold
 * reset links, so the pages answer only a caller on this machine: the connection must come from a
 * loopback address and carry no X-Forwarded-For (a local reverse proxy forwards strangers). Anyone
 * else gets the 404 of a call that does not exist, whatever NODE_ENV and HOST say.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  const dir = app.config.outboxDir;
  app.addHook('onRequest', onlyFromThisMachine);
  const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;margin:24px;color:#263238">${body}</body></html>`;
  const csp =
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'";

  app.get('/outbox.json', { config: access('this-machine') }, async () => readOutbox(dir));

  app.get('/outbox', { config: access('this-machine') }, async (_request, reply) => {
    const entries = await readOutbox(dir);
    const note = app.config.smtpUrl
      ? '<p>SMTP_URL is set: e-mails go to the mail server, not to this outbox.</p>'
      : `<p>${entries.length} message${entries.length === 1 ? '' : 's'} in ${escapeHtml(dir)}, newest first.</p>`;
    const rows = entries
      .map(
        (e) => `<tr>
<td style="white-space:nowrap">${escapeHtml(e.date.replace('T', ' ').slice(0, 19))}</td>
<td>${escapeHtml(e.to)}</td>
<td><a href="/dev/outbox/${encodeURIComponent(e.id)}">${escapeHtml(e.subject)}</a></td>
<td>${escapeHtml(e.kind)}</td>
<td>${e.links.map((l) => `<a href="${escapeHtml(l)}">${escapeHtml(l)}</a>`).join('<br>')}</td>
</tr>`,
      )
      .join('\n');
    const table = `<table cellpadding="6" style="border-collapse:collapse;font-size:14px">
<thead><tr style="background:#00796b;color:#fff;text-align:left"><th>Date (UTC)</th><th>To</th><th>Subject</th><th>Kind</th><th>Links</th></tr></thead>
<tbody>${rows}</tbody></table>`;
    return reply
      .header('content-security-policy', csp)
      .type('text/html; charset=utf-8')
      .send(page('Outbox', `<h1 style="color:#00796b">Outbox</h1>${note}${table}`));
  });

  app.get(
    '/outbox/:id',
    {
      config: access('this-machine'),
      schema: { params: z.object({ id: z.string().regex(/^[\w-]{1,80}$/) }) },
    },
    async (request, reply) => {
      const entry = (await readOutbox(dir)).find((e) => e.id === request.params.id);
      if (!entry) throw new HttpError(404, 'No such message in the outbox.');
      return reply
        .header('content-security-policy', csp)
        .type('text/html; charset=utf-8')
        .send(entry.html);
    },
  );
};
