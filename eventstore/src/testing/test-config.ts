/** PostgreSQL to run suites on as well as PGlite; CI sets it (DESIGN §9). */
export const testDatabaseUrl: string | undefined = process.env.TEST_DATABASE_URL || undefined;
