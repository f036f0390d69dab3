// Tables are filed by the feature that owns them (docs/architecture.md "Tables"): every
// app/db/schema/<x>.ts has an app/features/<x>/, except the index, Better Auth's tables and the
// system's (rate limits, the email outbox, the admin audit, job runs).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP = path.resolve(import.meta.dirname, "../../app");
const OWNED_BY_NO_FEATURE = ["index", "auth", "system"];

/** The schema files of `schema` with no folder of the same name in `features`. */
function schemaFilesWithoutAFeature(schema: string, features: string): string[] {
  return fs
    .readdirSync(schema)
    .filter((file) => file.endsWith(".ts"))
    .map((file) => path.basename(file, ".ts"))
    .filter((name) => !OWNED_BY_NO_FEATURE.includes(name))
    .filter((name) => !fs.existsSync(path.join(features, name)) || !fs.statSync(path.join(features, name)).isDirectory())
    .sort();
}

describe("app/db/schema", () => {
  it("has one file per feature that owns tables, named as the feature", () => {
    expect(schemaFilesWithoutAFeature(path.join(APP, "db/schema"), path.join(APP, "features"))).toEqual([]);
  });
});
