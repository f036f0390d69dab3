// The tests' vocabulary (docs/features/tests.md): helpers live in tests/support/ and
// tests/e2e/support/, and no helper name is exported twice, so `createLeadRow` means one thing in
// every test. Stand-ins written in plain JavaScript carry a `.d.mts` declaring the same names, and
// the journeys' service stubs (tests/e2e/stubs/) all export the `start` their loader calls.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const TESTS = path.resolve(import.meta.dirname, "..");
const HELPER_FOLDERS = ["support", "e2e/support"];
const RUNNER_FOLDERS = ["setup", "e2e/stubs", "architecture"];

function filesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const isSource = (file: string) => /\.(ts|tsx|mjs|mts)$/.test(file);
const relative = (file: string) => path.relative(TESTS, file);

describe("the tests' helpers", () => {
  it("live in tests/support and tests/e2e/support only", () => {
    const outside = filesUnder(TESTS)
      .filter((file) => isSource(file) && !isTest(file))
      .map(relative)
      .filter((file) => ![...HELPER_FOLDERS, ...RUNNER_FOLDERS].some((folder) => file.startsWith(`${folder}/`)));
    expect(outside).toEqual([]);
  });

  it("export each name once", () => {
    const owners = new Map<string, string[]>();
    for (const file of filesUnder(TESTS).filter((file) => isSource(file) && !isTest(file) && !file.endsWith(".d.mts"))) {
      if (relative(file).startsWith("e2e/stubs/")) continue;
      const source = fs.readFileSync(file, "utf8");
      for (const match of source.matchAll(/^export (?:async )?(?:function\*? |const |let |class |type |interface )([A-Za-z_$][\w$]*)/gm)) {
        owners.set(match[1]!, [...(owners.get(match[1]!) ?? []), relative(file)]);
      }
    }
    const twice = [...owners].filter(([, files]) => files.length > 1).map(([name, files]) => `${name}: ${files.join(", ")}`);
    expect(twice).toEqual([]);
  });
});
