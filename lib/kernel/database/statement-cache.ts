// Kysely's SQLite driver prepares every query anew, and preparing costs as much
// as running the small queries of the service and the run ledger. Each has a
// handful of distinct statements, so they stay prepared. Safe because Kysely
// runs one query at a time on its one connection and neither program streams
// rows (a statement is never reused while an iteration of it is open).
import type SQLite from "better-sqlite3";

const STATEMENT_CACHE_SIZE = 64;

/** The same database, whose prepare() answers the last 64 distinct statements from a cache. */
export function cacheStatements(database: SQLite.Database): SQLite.Database {
  const prepare = database.prepare.bind(database);
  const cache = new Map<string, SQLite.Statement>();
  database.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      statement = prepare(source);
      if (cache.size >= STATEMENT_CACHE_SIZE) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      cache.set(source, statement);
    }
    return statement;
  }) as SQLite.Database["prepare"];
  return database;
}
