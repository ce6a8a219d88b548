// The few statements every request runs, as fixed SQL text. Kysely's query builder
// builds and compiles a query anew on each call, which costs more CPU than running
// these small statements (several times a primary-key select's own time). The text
// is written once in `?` style and given to each
// database in its own placeholders; it runs through Kysely's connection handling as
// any other query. Everything else stays on the query builder.
import { CompiledQuery, type Kysely } from "kysely";
import type { Flavor } from "@/lib/kernel/database";
import type { Database } from "./schema";

export interface Statement<Row> {
  run(
    db: Kysely<Database>,
    parameters: readonly unknown[],
  ): Promise<{ rows: Row[]; changed: bigint }>;
}

/** A statement in `?` placeholders (no literal `?` in the text), for one database. */
export function statement<Row>(flavor: Flavor, text: string): Statement<Row> {
  let n = 0;
  const sql = flavor === "postgres" ? text.replace(/\?/g, () => `$${++n}`) : text;
  return {
    async run(db, parameters) {
      const result = await db.executeQuery<Row>(CompiledQuery.raw(sql, [...parameters]));
      return { rows: result.rows, changed: result.numAffectedRows ?? 0n };
    },
  };
}
