import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config';

describe('configuration', () => {
  test('has working defaults for a fresh clone', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('data'),
      pgliteDir: path.resolve('data/pglite'),
      logLevel: 'info',
      brand: 'Ferrybox',
      serveWeb: true,
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  test('reads the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://ferrybox.je/',
      DATABASE_URL: 'postgres://app@db:5432/ferrybox',
      SERVE_WEB: 'false',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://ferrybox.je',
      databaseUrl: 'postgres://app@db:5432/ferrybox',
      serveWeb: false,
      trustProxy: 1,
    });
  });

  test.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a postgres:// or postgresql:// URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL'],
    [{ SERVE_WEB: 'maybe' }, 'SERVE_WEB'],
  ])('refuses %j with a message naming the variable', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });
});
