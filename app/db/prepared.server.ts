// Statements a surge runs for every batch of leads are prepared once per connection on
// PostgreSQL: planning them cost the database more than running them.
// Rules: docs/features/capture-and-leads.md ("Two ways in for a lead").
import { sql } from "drizzle-orm";
import { logger } from "~/utils/logger.server";
import type { Database } from "./client.server";
import { rowsOf } from "./rows.server";

/** A fixed SQL text with one parameter, `$1`, under a name unique in the process. */
export type PreparedStatement = { readonly name: string; readonly text: string };

type Run = (statement: PreparedStatement, values: unknown[]) => Promise<unknown>;
/** `named` prepares once per connection; `plain` sends the text each time. */
type PreparedRunner = { named: Run; plain: Run; useNamed: boolean };

const runners = new WeakMap<object, PreparedRunner>();

/**
 * What a connection pooler in transaction mode answers when a named statement was prepared on
 * another server connection (or prepared twice on this one): the statement did not run.
 */
const NAMED_STATEMENT_REFUSED = new Set(["26000", "42P05"]);

export function preparedStatement(name: string, text: string): PreparedStatement {
  if (text.split("$1").length !== 2) throw new Error(`prepared statement ${name} must use $1 exactly once`);
  return { name, text };
}

/** How `db` runs a statement: set when the database is opened. */
export function registerPreparedRunner(db: Database, runner: { named?: Run; plain: Run }) {
  runners.set(db, { named: runner.named ?? runner.plain, plain: runner.plain, useNamed: runner.named !== undefined });
}

/**
 * Runs the statement, prepared once per connection where the driver can (node-postgres). Behind a
 * pooler that refuses named statements it falls back to sending the text, for the rest of the
 * process. Any other handle (a transaction) runs the same text with its parameter.
 */
export async function queryPrepared<T>(db: Database, statement: PreparedStatement, value: unknown): Promise<T[]> {
  const runner = runners.get(db);
  if (!runner) {
    const [head, tail] = statement.text.split("$1") as [string, string];
    return rowsOf<T>(await db.execute(sql.join([sql.raw(head), sql`${value}`, sql.raw(tail)])));
  }
  if (runner.useNamed) {
    try {
      return rowsOf<T>(await runner.named(statement, [value]));
    } catch (error) {
      if (!NAMED_STATEMENT_REFUSED.has((error as { code?: string }).code ?? "")) throw error;
      // Statements in flight when the first refusal came back fall back too, without a second warning.
      if (runner.useNamed) {
        runner.useNamed = false;
        logger.warn(
          { err: error, statement: statement.name },
          "named prepared statements refused (a pooler in transaction mode?): sending statements unprepared",
        );
      }
    }
  }
  return rowsOf<T>(await runner.plain(statement, [value]));
}
