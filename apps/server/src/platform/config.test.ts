import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration is validated at start', () => {
  it('uses embedded defaults with nothing set', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, publicUrl: 'http://localhost:3000', databaseUrl: undefined, demoSeed: true });
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('lists every bad variable with a clear message', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const text = (err as ConfigError).message;
      expect(text).toContain('PORT');
      expect(text).toContain('DATABASE_URL must be a postgres:// connection string');
      expect(text).toContain('SMTP_URL must be an smtp:// or smtps:// URL');
    }
  });

  it('reads TRUSTED_PROXIES as addresses and CIDRs (none by default) and refuses anything else', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8,::1' }).trustedProxies).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(() => loadConfig({ TRUSTED_PROXIES: 'proxy.example' })).toThrow(/TRUSTED_PROXIES must be/);
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/TRUSTED_PROXIES must be/);
  });

  it('asks for the whole external provider triple', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://idp.example' })).toThrow(
      /OIDC_CLIENT_ID is required when any OIDC_\* is set[\s\S]*OIDC_CLIENT_SECRET is required/,
    );
  });

  it('requires PUBLIC_URL and SESSION_SECRET in production, and never seeds the demo there by default', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /PUBLIC_URL is required in production[\s\S]*SESSION_SECRET/,
    );
    const c = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://portal.example.com/',
      SESSION_SECRET: 'x'.repeat(32),
    });
    expect(c.publicUrl).toBe('https://portal.example.com');
    expect(c.demoSeed).toBe(false);
  });
});
