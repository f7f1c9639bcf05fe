/** Redis for the suites, like TEST_DATABASE_URL for PostgreSQL (CI sets both; absent, Redis cases drop out). */
export const testRedisUrl: string | undefined = process.env.TEST_REDIS_URL || undefined;
