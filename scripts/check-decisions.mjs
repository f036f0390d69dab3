// Every decision record has the same parts (issue 18 item 10), so a reader finds the reasons and
// the rejected alternatives in the same place in each. Run by `npm run lint`.
import { readdirSync, readFileSync } from "node:fs";

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
console.log("decision records: all complete");
