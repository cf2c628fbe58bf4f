import { access, MOVES_MONEY } from '../../lib/auth';
import type { FastifyReply } from 'fastify';
import type { Uses } from '../../lib/uses';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../../shared/html';
import { formatMoney } from '../../../shared/money';
import { HttpError } from '../../lib/errors';
import {
  SANDBOX_CARDS,
  SANDBOX_SIGNATURE_HEADER,
  type SandboxProvider,
  type SandboxSession,
} from './providers/sandbox';
import { mayTakePayment } from './service';

/**
 * The sandbox provider's hosted payment page, /sandbox/checkout/{session} (only with
 * PAYMENT_PROVIDER=sandbox). It looks and behaves like a provider's page, clearly marked TEST
 * MODE: a card form whose test numbers succeed or fail. Paying sends the signed event to our own
 * webhook route, exactly as a provider's servers would; if that delivery fails it is retried from
 * the job queue. Then the customer is sent to the success or failure page.
 */

const SANDBOX_WEBHOOK_QUEUE = 'sandbox-webhook';

const sessionParams = z.object({
  id: z.string().regex(/^sbx_cs_[0-9a-f]{32}$/, 'is not a session'),
});
const cardForm = z.object({
  card: z.string().max(40).default(''),
  expiry: z.string().max(10).default(''),
  cvc: z.string().max(10).default(''),
  name: z.string().max(100).default(''),
});

/** Where a redirect to one of our own pages goes: the path, so the browser stays on its origin. */
const localPath = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
};

/** Delivers a sandbox event to the webhook route (signed now); throws unless it is accepted. */
async function deliverSandboxEvent(app: Uses<'inject'>, provider: SandboxProvider, body: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/public/payment/webhook/sandbox',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: provider.sign(body),
    },
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}`);
}

const luhn = (digits: string) =>
  [...digits].reverse().reduce((sum, d, i) => {
    const n = Number(d) * (i % 2 ? 2 : 1);
    return sum + (n > 9 ? n - 9 : n);
  }, 0) %
    10 ===
  0;

/** What is wrong with the card form, or null. */
function cardProblem(form: z.output<typeof cardForm>, now = new Date()): string | null {
  const digits = form.card.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits))
    return 'Your card number is incomplete or invalid.';
  if (!SANDBOX_CARDS[digits])
    return 'This is a test page: please use one of the test cards listed.';
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(form.expiry.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? 2000 + Number(expiry[2]) : 0;
  if (!expiry || month < 1 || month > 12) return 'Please enter the expiry date as MM / YY.';
  if (
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  ) {
    return 'Your card has expired.';
  }
  if (!/^\d{3,4}$/.test(form.cvc.trim())) return 'Please enter the 3-digit security code.';
  return null;
}

const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function page(session: SandboxSession, brand: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>TEST MODE: pay ${escapeHtml(formatMoney(session.amountPence))} - ${escapeHtml(brand)}</title>
<style>
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;background:#eceff1;color:#263238}
.test{background:#e65100;color:#fff;text-align:center;font-weight:700;letter-spacing:.08em;padding:8px 12px;font-size:14px}
main{max-width:920px;margin:0 auto;padding:24px 16px;display:grid;gap:24px}
@media(min-width:800px){main{grid-template-columns:1fr 1fr;align-items:start;padding:48px 24px}}
.card{background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:0 0 16px}.amount{font-size:32px;font-weight:700;margin:8px 0 16px}
table{width:100%;border-collapse:collapse;font-size:14px}td{padding:6px 0;border-bottom:1px solid #eceff1}td:last-child{text-align:right;font-variant-numeric:tabular-nums}
label{display:block;font-size:14px;font-weight:600;margin:16px 0 6px}
input{width:100%;font:inherit;font-size:16px;padding:12px;border:1px solid #90a4ae;border-radius:6px}
input:focus{outline:3px solid #80cbc4;border-color:#00796b}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button{margin-top:24px;width:100%;font:inherit;font-size:17px;font-weight:700;color:#fff;background:#00796b;border:0;border-radius:6px;padding:14px;cursor:pointer}
button:focus-visible{outline:3px solid #004d40;outline-offset:2px}
.error{background:#fdecea;color:#b71c1c;border-radius:6px;padding:12px;margin:0 0 8px;font-size:15px}
.muted{color:#546e7a;font-size:14px}a{color:#00695c}code{font-size:13px;background:#eceff1;padding:1px 4px;border-radius:4px}
</style></head>
<body><div class="test" role="note">TEST MODE: no real payment is taken</div>
<main>${body}</main></body></html>`;
}

function summary(session: SandboxSession, brand: string): string {
  let lines: { name: string; pence: number }[] = [];
  let discountPence = 0;
  try {
    ({ lines, discountPence } = JSON.parse(session.description) as {
      lines: { name: string; pence: number }[];
      discountPence: number;
    });
  } catch {
    // an unreadable description shows the amount alone
  }
  const rows = [
    ...lines.map((l) => [l.name, formatMoney(l.pence)]),
    ...(discountPence ? [['Discount', `-${formatMoney(discountPence)}`]] : []),
  ]
    .map(([a, b]) => `<tr><td>${escapeHtml(a)}</td><td>${escapeHtml(b)}</td></tr>`)
    .join('');
  return `<section class="card" aria-labelledby="what"><h1 id="what">Pay ${escapeHtml(brand)}</h1>
<div class="amount">${escapeHtml(formatMoney(session.amountPence))}</div>
<table>${rows}</table>
<p class="muted">Payment reference ${escapeHtml(session.clientReference)}</p></section>`;
}

function formPage(
  session: SandboxSession,
  brand: string,
  error?: string,
  values?: { card?: string; name?: string },
) {
  const cards = Object.entries(SANDBOX_CARDS)
    .map(
      ([n, what]) =>
        `<li><code>${n.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> ${what === 'paid' ? 'succeeds' : what === 'card_declined' ? 'is declined' : 'fails: insufficient funds'}</li>`,
    )
    .join('');
  return page(
    session,
    brand,
    `${summary(session, brand)}
<section class="card" aria-labelledby="pay"><h2 id="pay">Card details</h2>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" novalidate>
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" value="${escapeHtml(values?.card ?? '')}" required>
<div class="row"><div><label for="expiry">Expiry (MM / YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM / YY" required></div>
<div><label for="cvc">Security code</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" required></div></div>
<label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name" value="${escapeHtml(values?.name ?? '')}">
<button type="submit">Pay ${escapeHtml(formatMoney(session.amountPence))}</button>
</form>
<p class="muted">Test cards (any future expiry, any 3 digits):</p><ul class="muted">${cards}</ul>
<p><a href="${escapeHtml(localPath(session.cancelUrl))}">Cancel and go back</a></p></section>`,
  );
}

export function sandboxPageRoutes(provider: SandboxProvider): FastifyPluginAsyncZod {
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const brand = app.config.brand;
    await app.jobs.define<{ body: string }>(
      SANDBOX_WEBHOOK_QUEUE,
      { retryLimit: 10, retryDelay: 5, expireInSeconds: 60 },
      ({ body }) => deliverSandboxEvent(app, provider, body),
    );
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const html = (reply: FastifyReply, status: number, body: string) =>
      reply
        .status(status)
        .header('content-security-policy', CSP)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(body);
    const load = async (id: string) => {
      const session = await provider.session(id);
      if (!session) throw new HttpError(404, 'This payment page does not exist.');
      return session;
    };
    const closed = (reply: FastifyReply, session: SandboxSession) =>
      session.status === 'complete'
        ? reply.redirect(localPath(session.successUrl), 303)
        : html(
            reply,
            410,
            page(
              session,
              brand,
              `<section class="card"><h1>This payment page has expired</h1><p>Nothing was taken.</p><p><a href="${escapeHtml(localPath(session.cancelUrl))}">Go back</a></p></section>`,
            ),
          );
    const isOpen = (s: SandboxSession) => s.status === 'open' && s.expiresAt > new Date();

    app.get(
      '/checkout/:id',
      { config: access('anonymous'), schema: { params: sessionParams } },
      async (request, reply) => {
        const session = await load(request.params.id);
        return isOpen(session)
          ? html(reply, 200, formPage(session, brand))
          : closed(reply, session);
      },
    );

    app.post(
      '/checkout/:id',
      {
        config: { ...access('anonymous'), ...MOVES_MONEY },
        schema: { params: sessionParams, body: cardForm },
      },
      async (request, reply) => {
        const session = await load(request.params.id);
        if (!isOpen(session)) return closed(reply, session);
        const problem = cardProblem(request.body);
        if (problem) {
          return html(reply, 422, formPage(session, brand, problem, request.body));
        }
        // A page opened before its payment was given up (an invoice voided meanwhile) takes
        // nothing: it is closed now, as the provider's page is closed when we give one up.
        if (!(await mayTakePayment(app.database.db, session.id))) {
          await provider.expireSession(session.id);
          return closed(reply, (await provider.session(session.id))!);
        }
        const event = await provider.pay(session.id, request.body.card);
        if (!event) return closed(reply, (await provider.session(session.id))!);
        await deliverSandboxEvent(app, provider, event.body).catch(async (err: unknown) => {
          request.log.warn({ err }, 'sandbox webhook delivery failed: queued for retry');
          await app.jobs.send(SANDBOX_WEBHOOK_QUEUE, { body: event.body });
        });
        if (event.outcome === 'paid') return reply.redirect(localPath(session.successUrl), 303);
        const failure = new URL(session.cancelUrl, 'http://localhost');
        failure.searchParams.set('reason', event.outcome);
        return reply.redirect(`${failure.pathname}${failure.search}`, 303);
      },
    );
  };
}
