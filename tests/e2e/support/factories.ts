import type { AddressInput } from '../../../src/shared/api/addresses';

// The test-data calls of factory-server.ts (one port above the site's).
const base = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 1}`;

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Saves an address in the customer's address book; answers its Id. */
export const saveAddress = (email: string, address: AddressInput) =>
  post<{ Id: number }>('/addresses', { email, address });
