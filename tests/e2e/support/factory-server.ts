// Test data the browser tests cannot make through the site yet, made in the e2e server's own
// database: saved addresses (until the address book is merged; invoices come from the server's
// own POST /dev/invoices). A small HTTP server on 127.0.0.1, one port above the site's, started
// by server.ts in the test process only.
import http from 'node:http';
import { eq } from 'drizzle-orm';
import type { AddressInput } from '../../../src/shared/api/addresses';
import type { Database } from '../../../src/server/db/client';
import { addresses, users } from '../../../src/server/db/schema';

type Handler = (body: Record<string, unknown>) => Promise<unknown>;

export function startFactoryServer(database: Database, port: number) {
  const { db } = database;
  const handlers: Record<string, Handler> = {
    /** `{ email, address }`: saves an address for that customer; answers its Id. */
    '/addresses': async ({ email, address }) => {
      const a = address as AddressInput;
      const [user] = await db
        .select()
        .from(users)
        .where(eq(users.email, String(email)));
      const [row] = await db
        .insert(addresses)
        .values({
          customerId: user.id,
          type: a.Type,
          fullName: a.FullName,
          line1: a.Line1,
          town: a.Town,
          parish: a.Parish,
          island: a.Island,
          country: a.Country,
          postcode: a.Postcode,
        })
        .returning();
      return { Id: row.id };
    },
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const handler = req.method === 'POST' ? handlers[req.url ?? ''] : undefined;
      if (!handler) {
        res.writeHead(404).end();
        return;
      }
      handler(JSON.parse(raw || '{}') as Record<string, unknown>).then(
        (result) =>
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result)),
        (error: unknown) => res.writeHead(500).end(String(error)),
      );
    });
  });
  server.listen(port, '127.0.0.1');
  return server;
}
