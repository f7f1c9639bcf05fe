import type { OpenDatabase, OpenDatabaseOptions } from './database.js';
import { silentLogger } from './logger.js';
import { openEmbedded } from './open-pglite.js';
import { openPostgres } from './open-postgres.js';

/** PostgreSQL when a URL is given, otherwise the embedded PGlite store in `${dataDir}/db`. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenDatabase> {
  const logger = options.logger ?? silentLogger;
  if (options.databaseUrl) {
    const database = await openPostgres({
      databaseUrl: options.databaseUrl,
      searchPath: options.searchPath,
      applicationName: options.applicationName,
      poolSize: options.poolSize,
      logger,
    });
    logger.info({ store: 'postgres', searchPath: options.searchPath }, 'event store database open');
    return database;
  }
  const started = performance.now();
  const { client: _client, ...database } = await openEmbedded(
    options.dataDir,
    options.searchPath,
    options.pgliteThread,
  );
  logger.info(
    { store: 'pglite', dataDir: options.dataDir, openMs: Math.round(performance.now() - started) },
    'event store database open',
  );
  return database;
}
