import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createTestApp } from '../support/app';

// TRUST_PROXY names how many proxies stand in front of the node (or their addresses): the client
// address is the right-most X-Forwarded-For entry that no trusted proxy wrote, so a client that
// writes its own X-Forwarded-For cannot pick the address its limits are counted against.
const limits = { forgotPassword: { ip: { limit: 2, windowSeconds: 3600 } } };
const loadBalancer = '10.0.0.5';

async function forgotFrom(
  ctx: Awaited<ReturnType<typeof createTestApp>>,
  forwardedFor: string,
  remoteAddress = loadBalancer,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/public/auth/forgot-password',
    payload: { email: 'nobody@example.je' },
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });
}

describe('TRUST_PROXY', () => {
  test.each([['true'], ['10.0.0.0/8']])(
    'TRUST_PROXY=%s: a spoofed left-most X-Forwarded-For does not escape per-IP limits',
    async (trust) => {
      const ctx = await createTestApp(
        { TRUST_PROXY: trust, RATE_LIMIT_SCALE: '1' },
        { rateLimits: limits },
      );
      try {
        const codes: number[] = [];
        for (let i = 0; i < 4; i++) {
          // the attacker sends "X-Forwarded-For: <random>", the balancer appends the real address
          const res = await forgotFrom(ctx, `198.51.100.${i}, 203.0.113.7`);
          codes.push(res.statusCode);
        }
        expect(codes).toEqual([200, 200, 429, 429]);
        // another real client behind the same balancer is counted on its own
        expect((await forgotFrom(ctx, '203.0.113.8')).statusCode).toBe(200);
      } finally {
        await ctx.close();
      }
    },
  );

  test('a direct caller who is not a trusted proxy cannot choose its address', async () => {
    const ctx = await createTestApp(
      { TRUST_PROXY: loadBalancer, RATE_LIMIT_SCALE: '1' },
      { rateLimits: limits },
    );
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        codes.push((await forgotFrom(ctx, `198.51.100.${i}`, '203.0.113.50')).statusCode);
      }
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await ctx.close();
    }
  });

  test('reads hops or addresses, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});
