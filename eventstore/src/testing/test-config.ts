/** PostgreSQL to run suites on as well as PGlite; CI sets it (DESIGN §9). */
export const testDatabaseUrl: string | undefined = process.env.TEST_DATABASE_URL || undefined;

/** `TEST_EVERY_STORE=1`: the HTTP suites run on PostgreSQL too, not only on the embedded default. */
export const testEveryStore = Boolean(process.env.TEST_EVERY_STORE);

/** The embedded engine on a worker thread of its own (PGLITE_THREAD, as the services read it). */
export const testPgliteThread = process.env.PGLITE_THREAD !== 'false';
