// Every decision record has the same parts, so a reader finds the reasons and the rejected
// alternatives in the same place in each; a record superseded by a later one says so at its top;
// the index (docs/decisions/README.md) is what scripts/decisions-index.mjs writes. Run by `npm run lint`.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { indexFile, readRecords, renderIndex, supersededBy } from "./decisions-index.mjs";

const folder = new URL("../docs/decisions/", import.meta.url);
const PARTS = [
  /^# \d{3} \S/m,
  /^Date: \d{4}-\d{2}-\d{2}$/m,
  /^Status: \S/m,
  /^## Context$/m,
  /^## Decision$/m,
  /^## Alternatives$/m,
  /^## Consequences$/m,
];
const NAMES = ["# NNN Title", "Date: YYYY-MM-DD", "Status: …", "## Context", "## Decision", "## Alternatives", "## Consequences"];

const problems = [];
for (const file of readdirSync(folder).filter((name) => /^\d{3}-.+\.md$/.test(name))) {
  const text = readFileSync(new URL(file, folder), "utf8");
  const missing = PARTS.flatMap((pattern, index) => (pattern.test(text) ? [] : [NAMES[index]]));
  if (missing.length > 0) problems.push(`docs/decisions/${file}: missing ${missing.join(", ")}`);
}
if (problems.length > 0) {
  console.error(`Decision records need Date, Status, Context, Decision, Alternatives and Consequences:\n${problems.join("\n")}`);
  process.exit(1);
}

const records = readRecords();
for (const [number, successors] of supersededBy(records)) {
  const record = records.find((candidate) => candidate.number === number);
  const unnamed = successors.filter((successor) => !new RegExp(`superseded by [^\n]*\\b${successor}\\b`).test(record?.status ?? ""));
  if (record && unnamed.length > 0) {
    problems.push(`docs/decisions/${record.file}: its Status must say "superseded by ${unnamed.join(" and ")}" (in part, if only in part)`);
  }
}
if (!existsSync(indexFile) || readFileSync(indexFile, "utf8") !== renderIndex(records)) {
  problems.push("docs/decisions/README.md is stale: run `node scripts/decisions-index.mjs`");
}
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log("decision records: all complete, superseded ones marked, index current");
