import { describe, expect, it } from 'vitest';
import { baseEnvSchema, ConfigError, loadEnv, toBaseConfig } from './config.js';

describe('configuration', () => {
  it('starts with no configuration at all', () => {
    const config = toBaseConfig(loadEnv(baseEnvSchema, {}));
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      appUrl: 'http://localhost:3000',
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it("keeps the spec's paywall unless the operator turns billing off (BILLING=off)", () => {
    expect(toBaseConfig(loadEnv(baseEnvSchema, {})).billingOn).toBe(true);
    expect(toBaseConfig(loadEnv(baseEnvSchema, { BILLING: 'off' })).billingOn).toBe(false);
    expect(() => loadEnv(baseEnvSchema, { BILLING: 'false' })).toThrow(/BILLING: must be on or off/);
  });

  it('stops on a bad value and names the variable', () => {
    expect(() => loadEnv(baseEnvSchema, { PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadEnv(baseEnvSchema, { PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv(baseEnvSchema, { DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: must be a postgres/,
    );
    expect(() => loadEnv(baseEnvSchema, { JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32/);
  });

  it('treats an empty value as unset', () => {
    const env = loadEnv(baseEnvSchema, { PORT: '', DATABASE_URL: '' });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('trusts X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    const trust = (value?: string) =>
      toBaseConfig(loadEnv(baseEnvSchema, value === undefined ? {} : { TRUST_PROXY: value })).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('10.0.0.0/8, loopback,192.168.1.7')).toEqual(['10.0.0.0/8', 'loopback', '192.168.1.7']);
    expect(trust('::1,fd00::/8')).toEqual(['::1', 'fd00::/8']);
    for (const bad of ['true', 'everyone', '10.0.0.0/33', '300.1.1.1']) {
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
