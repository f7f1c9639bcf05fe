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
});
