// Which database the configuration names, and the limits the server opens it with. Small on
// purpose: `npm start` opens the database with it before the modules that use the database load.
import path from 'node:path';
import type { ServerConfig } from '../config';
import type { DatabaseTarget } from './database';
import { answersFileBeside } from '../catalogs/catalog-answer-file';
import { FRESH_IMAGE_FILE, freshImageFor } from './fresh-image';

/** The configured database; a new PGlite data folder starts from the build's image of a migrated, loaded one. */
export function databaseTarget(config: ServerConfig): DatabaseTarget {
  if (config.databaseUrl) return { databaseUrl: config.databaseUrl };
  return { dataDir: config.dataDir, image: freshImageFor(path.resolve(config.dataDir)), imageAnswers: answersFileBeside(FRESH_IMAGE_FILE) };
}

/** `target` with the server's statement limits and pool size. */
export function withServerLimits(config: ServerConfig, target: DatabaseTarget): DatabaseTarget {
  return { queryTimeoutMs: config.dbQueryTimeoutMs, stuckExitMs: config.dbStuckExitMs, poolMax: config.dbPoolMax, ...target };
}
