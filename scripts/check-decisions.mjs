// The decision records and the docs that point at them, checked by `npm run lint`:
// - every kept record (docs/decisions/NNN-*.md) has the same parts, so a reader finds the reasons and
//   the rejected alternatives in the same place, and a `Kind: library | pattern | rule` line: a record
//   is kept only for such a choice; what a flow does now is stated in its guide (docs/features/);
// - at most MAX_KEPT records are kept; records numbered 500 and up are never archived;
// - a record superseded by a later one (kept or archived) says so at its top;
// - both indexes (docs/decisions/README.md, docs/decisions/archive/README.md) are what
//   scripts/decisions-index.mjs writes;
// - archive/citations.json names, for every archived record, a guide heading that exists (or a kept record);
// - every relative link in docs/ and README.md reaches a file, and a heading when it names one.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import {
  anchorOf,
  archiveIndexFile,
  citationsFile,
  indexFile,
  KINDS,
  MAX_KEPT,
  readAllRecords,
  readCitations,
  renderArchiveIndex,
  renderIndex,
  supersededBy,
} from "./decisions-index.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
const PARTS = [
  /^# \d{3} \S/m,
  /^Date: \d{4}-\d{2}-\d{2}$/m,
  /^Status: \S/m,
  new RegExp(`^Kind: (${KINDS.join("|")})$`, "m"),
  /^## Context$/m,
  /^## Decision$/m,
  /^## Alternatives$/m,
  /^## Consequences$/m,
];
const NAMES = [
  "# NNN Title",
  "Date: YYYY-MM-DD",
  "Status: …",
  `Kind: ${KINDS.join(" | ")}`,
  "## Context",
  "## Decision",
  "## Alternatives",
  "## Consequences",
];

const problems = [];
const all = readAllRecords();
const kept = all.filter((record) => !record.archived);

for (const record of kept) {
  const missing = PARTS.flatMap((pattern, index) => (pattern.test(record.text) ? [] : [NAMES[index]]));
  if (missing.length > 0) problems.push(`docs/decisions/${record.file}: missing ${missing.join(", ")}`);
}
if (kept.length > MAX_KEPT) {
  problems.push(
    `${kept.length} decision records are kept; at most ${MAX_KEPT}: state a flow's rules in its guide (docs/features/) and move records to docs/decisions/archive/`,
  );
}
for (const record of all.filter((candidate) => candidate.archived && Number(candidate.number) >= 500)) {
  problems.push(`docs/decisions/archive/${record.file}: records from 500 on are kept in docs/decisions/`);
}

for (const [number, successors] of supersededBy(all)) {
  const record = all.find((candidate) => candidate.number === number);
  const unnamed = successors.filter((successor) => !new RegExp(`superseded by [^\n]*\\b${successor}\\b`).test(record?.status ?? ""));
  if (record && unnamed.length > 0) {
    problems.push(
      `docs/decisions/${record.archived ? "archive/" : ""}${record.file}: its Status must say "superseded by ${unnamed.join(" and ")}" (in part, if only in part)`,
    );
  }
}

const citations = readCitations();
for (const record of all.filter((candidate) => candidate.archived && !citations[candidate.number])) {
  problems.push(
    `${relative(root, fileURLToPath(citationsFile))}: no entry for archived record ${record.number} (the guide heading that now states its rule)`,
  );
}
for (const [number, citation] of Object.entries(citations)) {
  if (citation.record) {
    if (!existsSync(join(root, citation.record))) problems.push(`citations.json ${number}: ${citation.record} does not exist`);
  } else if (!existsSync(join(root, citation.guide))) {
    problems.push(`citations.json ${number}: ${citation.guide} does not exist`);
  } else if (citation.anchor !== anchorOf(citation.heading) || !anchorsOf(join(root, citation.guide)).has(citation.anchor)) {
    problems.push(`citations.json ${number}: ${citation.guide} has no heading "${citation.heading}"`);
  }
}

if (!existsSync(indexFile) || readFileSync(indexFile, "utf8") !== renderIndex(all)) {
  problems.push("docs/decisions/README.md is stale: run `node scripts/decisions-index.mjs`");
}
if (!existsSync(archiveIndexFile) || readFileSync(archiveIndexFile, "utf8") !== renderArchiveIndex(all, citations)) {
  problems.push("docs/decisions/archive/README.md is stale: run `node scripts/decisions-index.mjs`");
}

problems.push(...brokenLinks([join(root, "README.md"), ...markdownFiles(join(root, "docs"))]));

if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(
  `decision records: ${kept.length} kept (at most ${MAX_KEPT}), each complete with its Kind; ${all.length - kept.length} archived, each with its guide; superseded ones marked; both indexes current; links in docs resolve`,
);

function markdownFiles(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith(".md") ? [path] : [];
  });
}

/** The anchors of a Markdown file's headings, as GitHub makes them (a repeated one gets -1, -2…). */
function anchorsOf(file) {
  const anchors = new Set();
  const seen = new Map();
  for (const [, heading] of withoutCode(readFileSync(file, "utf8")).matchAll(/^#{1,6} (.+)$/gm)) {
    const anchor = anchorOf(heading.replace(/`/g, ""));
    const count = seen.get(anchor) ?? 0;
    seen.set(anchor, count + 1);
    anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
  }
  return anchors;
}

function withoutCode(text) {
  return text.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "``");
}

function brokenLinks(files) {
  const broken = [];
  for (const file of files) {
    const text = withoutCode(readFileSync(file, "utf8"));
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      if (/^[a-z][a-z\d+.-]*:/i.test(target)) continue; // https:, mailto:
      const [path, anchor] = target.split("#");
      const resolved = path === "" ? file : join(dirname(file), decodeURIComponent(path.split("?")[0]));
      const where = relative(root, file);
      if (!existsSync(resolved)) {
        broken.push(`${where}: the link to ${target} reaches nothing`);
      } else if (anchor && resolved.endsWith(".md") && statSync(resolved).isFile() && !anchorsOf(resolved).has(anchor)) {
        broken.push(`${where}: the link to ${target} names no heading of ${relative(root, resolved)}`);
      }
    }
  }
  return broken;
}
