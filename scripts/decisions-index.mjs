// Writes docs/decisions/README.md, the index of the decision records: number, title, area, status
// and what supersedes it. `node scripts/check-decisions.mjs` (run by `npm run lint`) fails when the
// index on disk differs from what this script would write.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const folder = new URL("../docs/decisions/", import.meta.url);
export const indexFile = new URL("README.md", folder);

/** Records are numbered in blocks, one block per piece of work; the block names the area. */
const AREAS = [
  [1, "foundations: stack and libraries"],
  [20, "campaigns"],
  [30, "capture page and leads"],
  [40, "dashboard and leads list"],
  [50, "blog and admin"],
  [60, "hardening"],
  [70, "journeys and outages"],
  [80, "hardening"],
  [90, "capture at scale"],
  [100, "analytics and placements"],
  [110, "consent and privacy"],
  [120, "offers and redeeming"],
  [130, "accounts"],
  [140, "webhooks and REST API"],
  [150, "code structure and tooling"],
  [196, "owner emails"],
  [220, "security review"],
  [230, "code structure and tooling"],
  [240, "consent and privacy"],
  [260, "screens"],
  [280, "print kit"],
  [300, "surges: leads and emails at scale"],
  [340, "code structure and tooling"],
  [390, "owners' own domains"],
  [400, "lead sync: Mailchimp and Google Sheets"],
  [410, "the visitor's language"],
  [420, "the HTTP edge, fast"],
  [430, "owners' own domains"],
  [440, "lead sync: Mailchimp and Google Sheets"],
  [450, "the visitor's language"],
  [460, "crowds on one network"],
  [470, "lead sync, second round: the real Mailchimp and Google Sheets"],
  [480, "REST hooks for Zapier and Make"],
  [485, "first paint"],
  [490, "the third hour"],
  [520, "the team: locations and members"],
];

function areaOf(number) {
  return AREAS.filter(([first]) => first <= number).at(-1)[1];
}

export function readRecords() {
  return readdirSync(folder)
    .filter((name) => /^\d{3}-.+\.md$/.test(name))
    .sort()
    .map((file) => {
      const text = readFileSync(new URL(file, folder), "utf8");
      const number = file.slice(0, 3);
      return {
        file,
        number,
        title: (text.match(/^# \d{3} (.+)$/m)?.[1] ?? "").trim(),
        status: (text.match(/^Status: (.+)$/m)?.[1] ?? "").trim(),
        text,
      };
    });
}

/**
 * Which records a record's status says it supersedes or replaces, wholly or in part: the numbers
 * in the clause after "supersedes" or "replaces", up to the next ";" or ")".
 */
export function supersededBy(records) {
  const by = new Map();
  for (const record of records) {
    for (const clause of record.status.matchAll(/\b(?:supersedes|replaces)\b([^;)]*)/g)) {
      for (const [number] of clause[1].matchAll(/\b\d{3}\b/g)) {
        if (number !== record.number) by.set(number, [...(by.get(number) ?? []), record.number]);
      }
    }
  }
  return by;
}

function cell(text) {
  return text.replace(/\|/g, "\\|").replace(/\s+/g, " ");
}

export function renderIndex(records = readRecords()) {
  const by = supersededBy(records);
  const rows = records.map((record) => {
    const successors = by.get(record.number) ?? [];
    const wholly = /^superseded/.test(record.status);
    const status = wholly ? "superseded" : successors.length > 0 ? "accepted, in part superseded" : record.status.split(/[;(]/)[0].trim();
    const supersededCell = [...new Set(successors)].map((n) => link(records, n)).join(", ");
    return `| ${record.number} | [${cell(record.title)}](${record.file}) | ${areaOf(Number(record.number))} | ${status} | ${supersededCell} |`;
  });
  return [
    "# Decision records",
    "",
    "One record per choice of library, pattern or rule, in the same parts: Context, Decision,",
    "Alternatives, Consequences. Written by `node scripts/decisions-index.mjs`; `npm run lint` fails",
    "when this index is stale. A record wholly superseded says `Status: superseded by NNN` at the top;",
    "one replaced in part says which part, and the later record is named in the last column.",
    "Descriptions of what a feature does, rather than why it was chosen, are in [../features/](../features/).",
    "",
    "| No. | Title | Area | Status | Superseded (in whole or part) by |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
}

function link(records, number) {
  const target = records.find((record) => record.number === number);
  return target ? `[${number}](${target.file})` : number;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(indexFile, renderIndex());
  console.log(`wrote ${fileURLToPath(indexFile)}`);
}
