// Statements a surge runs for every batch of leads are prepared once per connection on
// PostgreSQL (decision 323): planning them cost the database more than running them.
import { sql } from "drizzle-orm";
import type { Database } from "./client.server";
import { rowsOf } from "./rows.server";

/** A fixed SQL text with one parameter, `$1`, under a name unique in the process. */
export type PreparedStatement = { readonly name: string; readonly text: string };

type Runner = (statement: PreparedStatement, values: unknown[]) => Promise<unknown>;

const runners = new WeakMap<object, Runner>();

export function preparedStatement(name: string, text: string): PreparedStatement {
  if (text.split("$1").length !== 2) throw new Error(`prepared statement ${name} must use $1 exactly once`);
  return { name, text };
}

/** How `db` runs a named statement: set when the database is opened. */
export function registerPreparedRunner(db: Database, runner: Runner) {
  runners.set(db, runner);
}

/**
 * Runs the statement, prepared once per connection where the driver can (node-postgres). Any
 * other handle (a transaction) runs the same text with its parameter, planned this once.
 */
export async function queryPrepared<T>(db: Database, statement: PreparedStatement, value: unknown): Promise<T[]> {
  const runner = runners.get(db);
  if (runner) return rowsOf<T>(await runner(statement, [value]));
  const [head, tail] = statement.text.split("$1") as [string, string];
  return rowsOf<T>(await db.execute(sql.join([sql.raw(head), sql`${value}`, sql.raw(tail)])));
}
