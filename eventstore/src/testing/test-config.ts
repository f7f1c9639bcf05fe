/** PostgreSQL to run suites on as well as PGlite; CI sets it (DESIGN §9). */
export const testDatabaseUrl: string | undefined = process.env.TEST_DATABASE_URL || undefined;

/** `TEST_EVERY_STORE=1`: the HTTP suites run on PostgreSQL too, not only on the embedded default. */
export const testEveryStore = Boolean(process.env.TEST_EVERY_STORE);

/** The embedded engine on a worker thread of its own (PGLITE_THREAD, as the services read it). */
export const testPgliteThread = process.env.PGLITE_THREAD !== 'false';

/** Redis for the suites, like TEST_DATABASE_URL for PostgreSQL (CI sets both; absent, Redis cases drop out). */
export const testRedisUrl: string | undefined = process.env.TEST_REDIS_URL || undefined;

/** The offline EN 16931 validator's folder (EINVOICE_DIR), when set. */
export const testEinvoiceDir: string | undefined = process.env.EINVOICE_DIR || undefined;

/** The Java and the Saxon-HE jar the e-invoice validator's batch runner calls, as the shared tool's `validate` reads them. */
export const testJava: string = process.env.JAVA || 'java';
export const testSaxonJar: string = process.env.SAXON_JAR || '/usr/share/java/Saxon-HE.jar';

/** EINVOICE_SEED: replays one run of the e-invoice property test. */
export const testEinvoiceSeed: string | undefined = process.env.EINVOICE_SEED || undefined;

/** CI: suites that need a tool fail rather than skip when it is missing. */
export const isCi = Boolean(process.env.CI);

/** TEST_LOG_LEVEL: the app's log level in tests (silent unless a run asks to see it). */
export const testLogLevel = (process.env.TEST_LOG_LEVEL || 'silent') as
  | 'silent'
  | 'debug'
  | 'info'
  | 'warn'
  | 'error';
