// Statements prepared once per connection (decision 323) give the same rows as the same text run
// inside a transaction, where the driver's named statements are not used.
import { describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { preparedStatement, queryPrepared, registerPreparedRunner } from "~/db/prepared.server";
import { getServices } from "~/utils/services.server";

const ECHO = preparedStatement("test_echo", "select x.n, x.word from json_to_recordset($1::json) as x(n int, word text) order by x.n");

describe("prepared statements", () => {
  it("return the same rows on the database handle, again, and inside a transaction", async () => {
    const { db } = await getServices();
    const input = JSON.stringify([
      { n: 2, word: "two's" },
      { n: 1, word: "$1 one" },
    ]);
    const expected = [
      { n: 1, word: "$1 one" },
      { n: 2, word: "two's" },
    ];
    expect(await queryPrepared(db, ECHO, input)).toEqual(expected);
    expect(await queryPrepared(db, ECHO, input)).toEqual(expected);
    const inTransaction = await db.transaction((tx) => queryPrepared(tx as unknown as Database, ECHO, input));
    expect(inTransaction).toEqual(expected);
  });

  it("refuse a text that does not use its one parameter exactly once", () => {
    expect(() => preparedStatement("none", "select 1")).toThrow(/exactly once/);
    expect(() => preparedStatement("twice", "select $1, $1")).toThrow(/exactly once/);
  });

  it("fall back to sending the text, for good, when a pooler refuses named statements, and rethrow any other error", async () => {
    const calls: string[] = [];
    const pooled = {} as Database;
    registerPreparedRunner(pooled, {
      named: async () => {
        calls.push("named");
        throw Object.assign(new Error('prepared statement "test_echo" does not exist'), { code: "26000" });
      },
      plain: async (statement, values) => {
        calls.push("plain");
        return { rows: [{ text: statement.text, values }] };
      },
    });
    expect(await queryPrepared(pooled, ECHO, "[]")).toEqual([{ text: ECHO.text, values: ["[]"] }]);
    expect(await queryPrepared(pooled, ECHO, "[]")).toHaveLength(1);
    expect(calls).toEqual(["named", "plain", "plain"]);

    const broken = {} as Database;
    registerPreparedRunner(broken, {
      named: async () => {
        throw Object.assign(new Error("syntax error"), { code: "42601" });
      },
      plain: async () => ({ rows: [] }),
    });
    await expect(queryPrepared(broken, ECHO, "[]")).rejects.toThrow("syntax error");
  });
});
