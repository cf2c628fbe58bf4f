import net from 'node:net';
import { describe, expect, test } from 'vitest';
import { createTestApp, useTestApp } from '../support/app';
import { bearer, registerCustomer } from '../support/accounts';

const ctx = useTestApp();

describe('answers that carry tokens or personal data', () => {
  test('every /public/ answer but the settings says Cache-Control: no-store', async () => {
    const { token, email, password } = await registerCustomer(ctx);
    const answers = [
      await ctx.post('/public/auth/login', { email, password }),
      await ctx.post('/public/auth/login', { email, password: 'Wrong-password-1' }),
      await ctx.app.inject({ url: '/public/auth/me', headers: bearer(token) }),
      await ctx.app.inject({ url: '/public/members', headers: bearer(token) }),
      await ctx.app.inject({ url: '/public/orders/nothing-here' }),
      await ctx.app.inject({ url: '/public/addresses', method: 'POST', headers: bearer(token) }),
      await ctx.app.inject({ url: '/public/payment/PAY-000001', headers: bearer(token) }),
    ];
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
    const settings = await ctx.app.inject('/public/settings');
    expect(settings.statusCode).toBe(200);
    expect(settings.headers['cache-control']).not.toBe('no-store');
  });
});

describe('one error shape', () => {
  test('a URL that cannot be decoded answers { statusCode, message, errors } naming the path', async () => {
    for (const url of ['/public/%zz', '/public/auth/%E0%A4%A']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        message: 'The address of this call is not valid.',
        errors: [{ field: 'path', error: 'is not valid (too long, or not decodable)' }],
      });
    }
  });

  test('an empty JSON body names the body, on every route', async () => {
    for (const url of ['/api/products', '/public/auth/login']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json()).sort()).toEqual(['errors', 'message', 'statusCode']);
      expect(res.json().errors[0].field).toBe('body');
    }
  });

  test('an empty or missing body answers the validation shape', async () => {
    for (const payload of [undefined, '']) {
      const res = await ctx.post('/public/auth/login', payload);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json()).sort()).toEqual(['errors', 'message', 'statusCode']);
    }
  });
});

describe('timeouts', () => {
  test('a request whose body stops arriving is answered 408 and its connection closed', async () => {
    const slow = await createTestApp({ REQUEST_TIMEOUT_MS: '600' });
    try {
      await slow.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = slow.app.server.address() as net.AddressInfo;
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (d) => (answer += d));
      const started = Date.now();
      const closed = new Promise<number>((resolve) =>
        socket.on('close', () => resolve(Date.now())),
      );
      socket.write(
        'POST /public/auth/login HTTP/1.1\r\nHost: localhost\r\n' +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
      );
      const elapsed = (await closed) - started;
      expect(elapsed).toBeLessThan(5_000);
      expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
    } finally {
      await slow.close();
    }
  });
});
