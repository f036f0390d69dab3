// Writes the two indexes of the decision records: docs/decisions/README.md (the records kept: the
// choices of a library, a pattern or a cross-cutting rule, each with its Kind) and
// docs/decisions/archive/README.md (the older records, unchanged, each with the guide heading that
// now states its rule, from archive/citations.json). `node scripts/check-decisions.mjs` (run by
// `npm run lint`) fails when either index on disk differs from what this script would write.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const folder = new URL("../docs/decisions/", import.meta.url);
export const archiveFolder = new URL("archive/", folder);
export const indexFile = new URL("README.md", folder);
export const archiveIndexFile = new URL("README.md", archiveFolder);
export const citationsFile = new URL("citations.json", archiveFolder);

/** What a kept record may be about; anything else belongs in a guide of docs/features/. */
export const KINDS = ["library", "pattern", "rule"];
/** At most this many records are kept: the rest of what holds is stated in the guides. */
export const MAX_KEPT = 40;

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
  [500, "lead alerts: push, Slack, Telegram"],
  [510, "the morning summary"],
  [520, "the team: locations and members"],
  [530, "a year of scans at flat cost"],
];

function areaOf(number) {
  return AREAS.filter(([first]) => first <= number).at(-1)[1];
}

/** The records of one folder: the kept ones by default, or the archive's. */
export function readRecords(at = folder) {
  if (!existsSync(at)) return [];
  return readdirSync(at)
    .filter((name) => /^\d{3}-.+\.md$/.test(name))
    .sort()
    .map((file) => {
      const text = readFileSync(new URL(file, at), "utf8");
      return {
        file,
        number: file.slice(0, 3),
        archived: at.href === archiveFolder.href,
        title: (text.match(/^# \d{3} (.+)$/m)?.[1] ?? "").trim(),
        status: (text.match(/^Status: (.+)$/m)?.[1] ?? "").trim(),
        kind: (text.match(/^Kind: (.+)$/m)?.[1] ?? "").trim(),
        text,
      };
    });
}

/** Kept and archived records together, in number order (supersession crosses the two). */
export function readAllRecords() {
  return [...readRecords(folder), ...readRecords(archiveFolder)].sort((a, b) => a.number.localeCompare(b.number));
}

/** The map from a record's number to the guide heading (or kept record) that now states its rule. */
export function readCitations() {
  if (!existsSync(citationsFile)) return {};
  return JSON.parse(readFileSync(citationsFile, "utf8")).citations ?? {};
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

function statusOf(record, successors) {
  if (/^superseded/.test(record.status)) return "superseded";
  return successors.length > 0 ? "accepted, in part superseded" : record.status.split(/[;(]/)[0].trim();
}

/** A link to record `number` from an index in the kept folder or in the archive. */
function link(all, number, fromArchive) {
  const target = all.find((record) => record.number === number);
  if (!target) return number;
  const path = target.archived === fromArchive ? target.file : fromArchive ? `../${target.file}` : `archive/${target.file}`;
  return `[${number}](${path})`;
}

function successorsCell(all, by, record, fromArchive) {
  return [...new Set(by.get(record.number) ?? [])].map((n) => link(all, n, fromArchive)).join(", ");
}

export function renderIndex(all = readAllRecords()) {
  const by = supersededBy(all);
  const rows = all
    .filter((record) => !record.archived)
    .map(
      (record) =>
        `| ${record.number} | [${cell(record.title)}](${record.file}) | ${record.kind} | ${areaOf(Number(record.number))} | ${statusOf(record, by.get(record.number) ?? [])} | ${successorsCell(all, by, record, false)} |`,
    );
  return [
    "# Decision records",
    "",
    `The choices of a library, a pattern or a cross-cutting rule (at most ${MAX_KEPT}), each in the same`,
    "parts: Context, Decision, Alternatives, Consequences, with `Kind: library | pattern | rule` under",
    "its Status. What holds now for a flow is stated in its guide in [../features/](../features/README.md);",
    "the older records, kept unchanged for their history, are in [archive/](archive/README.md).",
    "Written by `node scripts/decisions-index.mjs`; `npm run lint` fails when this index is stale.",
    "",
    "| No. | Title | Kind | Area | Status | Superseded (in whole or part) by |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
}

/** GitHub's anchor for a heading's text. */
export function anchorOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function currentRulesCell(citation) {
  if (!citation) return "";
  if (citation.record) return `[record ${citation.record.match(/(\d{3})-/)[1]}](../${citation.record.split("/").at(-1)})`;
  const name = citation.guide.split("/").at(-1);
  return `[${name} › ${cell(citation.heading)}](../../features/${name}#${citation.anchor})`;
}

export function renderArchiveIndex(all = readAllRecords(), citations = readCitations()) {
  const by = supersededBy(all);
  const rows = all
    .filter((record) => record.archived)
    .map(
      (record) =>
        `| ${record.number} | [${cell(record.title)}](${record.file}) | ${areaOf(Number(record.number))} | ${statusOf(record, by.get(record.number) ?? [])} | ${successorsCell(all, by, record, true)} | ${currentRulesCell(citations[record.number])} |`,
    );
  return [
    "# Archived decision records",
    "",
    "Records written in work order, moved here unchanged: each says why something was built as it was",
    "at the time, and later records may have changed it. **What holds now is in the guide named in the",
    "last column** ([../../features/](../../features/README.md)); the records still kept are in",
    "[../README.md](../README.md). `citations.json` maps every number to that guide heading, for code",
    "comments (`scripts/rewrite-decision-citations.mjs`). Written by `node scripts/decisions-index.mjs`.",
    "",
    "| No. | Title | Area | Status | Superseded (in whole or part) by | Current rules |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const all = readAllRecords();
  writeFileSync(indexFile, renderIndex(all));
  writeFileSync(archiveIndexFile, renderArchiveIndex(all));
  console.log(`wrote ${fileURLToPath(indexFile)} and ${fileURLToPath(archiveIndexFile)}`);
}
