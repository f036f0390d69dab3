// Rewrites the code comments of app/ that cite a decision record ("(decision 385)", "decisions
// 420–422", "see decision 165") to cite what now states the rule: the guide heading of
// docs/features/ (or the kept record) that docs/decisions/archive/citations.json names for it.
//
// Per file: the module's header (its leading `//` comment, or a new first line) gets one line
// naming each guide and heading the file relied on; a citation that stood alone in parentheses is
// then dropped, one inside a longer parenthesis loses its clause, and one in running text becomes
// the heading's name in quotes. Only comments are touched (`//`, `/* */`, JSDoc `*` lines and SQL
// `--` lines inside query strings).
//
//   node scripts/rewrite-decision-citations.mjs            dry run: what would change, and the count left
//   node scripts/rewrite-decision-citations.mjs --write    apply
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const root = new URL("../", import.meta.url);
const write = process.argv.includes("--write");
const { citations } = JSON.parse(readFileSync(new URL("docs/decisions/archive/citations.json", root), "utf8"));

const NUMBER = String.raw`\d{3}`;
// "decision 385", "decisions 420–422", "decisions 090 and 091", "decisions 391, 392", "decision 344's"
const CITE = String.raw`(?:see |as in |per )?[Dd]ecisions? ${NUMBER}(?:(?:\s*(?:,|and|–|-|to)\s*)${NUMBER})*(?:'s)?`;
const ALONE = new RegExp(String.raw`\s?\(${CITE}\)`, "g");
const TRAILING_CLAUSE = new RegExp(String.raw`\s*[;,]\s*${CITE}(?=\))`, "g");
const LEADING_CLAUSE = new RegExp(String.raw`\(${CITE}[;,]\s*`, "g");
const IN_TEXT = new RegExp(CITE, "g");
const COUNTED = /decisions? [0-9]{3}/gi;
const WIDTH = 120;

/** The numbers a citation names: "decisions 110–112" is 110, 111 and 112. */
function numbersOf(text) {
  const numbers = [];
  for (const match of text.matchAll(new RegExp(String.raw`(${NUMBER})(?:\s*(?:–|-|to)\s*(${NUMBER}))?`, "g"))) {
    const first = Number(match[1]);
    const last = match[2] ? Number(match[2]) : first;
    for (let number = first; number <= Math.min(last, first + 20); number++) numbers.push(String(number).padStart(3, "0"));
  }
  return numbers.filter((number) => citations[number]);
}

/** Where a line's comment starts, or -1: only comments are rewritten. */
function commentStart(line) {
  const trimmed = line.trimStart();
  if (/^(\*|\/\*|\/\/|--|\{\/\*)/.test(trimmed)) return line.length - trimmed.length;
  const slashes = line.search(/(^|\s)(\/\/|\/\*|--)\s/);
  return slashes < 0 ? -1 : slashes;
}

function targetOf(number) {
  const citation = citations[number];
  return citation.record ? { file: citation.record, heading: null } : { file: citation.guide, heading: citation.heading };
}

function rewriteFile(path) {
  const lines = readFileSync(new URL(path, root), "utf8").split("\n");
  const used = new Map(); // file → Set of headings
  const unknown = new Set();
  const note = (text) => {
    const numbers = numbersOf(text);
    for (const raw of text.match(new RegExp(NUMBER, "g")) ?? []) if (!citations[raw]) unknown.add(raw);
    for (const number of numbers) {
      const { file, heading } = targetOf(number);
      if (!used.has(file)) used.set(file, new Set());
      if (heading) used.get(file).add(heading);
    }
    return numbers;
  };
  const named = (text) => {
    const numbers = note(text);
    if (numbers.length === 0) return text;
    const names = [...new Set(numbers.map((number) => targetOf(number)))].map(({ file, heading }) => (heading ? `"${heading}"` : file));
    // "decision 344's mark" reads "the "One email is one lead per campaign" mark".
    return `${text.endsWith("'s") ? "the " : ""}${[...new Set(names)].join(" and ")}`;
  };
  const rewritten = lines.map((line) => {
    const start = commentStart(line);
    if (start < 0 || !new RegExp(CITE).test(line.slice(start))) return line;
    let comment = line.slice(start);
    comment = comment.replace(ALONE, (match) => (note(match), ""));
    comment = comment.replace(TRAILING_CLAUSE, (match) => (note(match), ""));
    comment = comment.replace(LEADING_CLAUSE, (match) => (note(match), "("));
    comment = comment.replace(IN_TEXT, (match) => named(match));
    return line.slice(0, start) + comment;
  });
  if (used.size === 0) return null;
  const header = headerLines([...used].map(([file, headings]) => ({ file, headings: [...headings] })));
  let end = 0;
  while (end < rewritten.length && rewritten[end].startsWith("//")) end++;
  const after = end > 0 ? end : 0;
  const text = [...rewritten.slice(0, after), ...header, ...rewritten.slice(after)].join("\n");
  return { text, unknown, cites: [...used.keys()] };
}

/** "// Rules: docs/features/domains.md ("A", "B"); docs/decisions/061-….md." wrapped at WIDTH. */
function headerLines(targets) {
  const parts = targets.map(({ file, headings }) => (headings.length > 0 ? `${file} (${headings.map((h) => `"${h}"`).join(", ")})` : file));
  const words = `Rules: ${parts.join("; ")}.`.split(" ");
  const out = [];
  let line = "//";
  for (const word of words) {
    if (line.length + 1 + word.length > WIDTH && line !== "//" && line !== "//  ") {
      out.push(line);
      line = "//  ";
    }
    line += ` ${word}`;
  }
  out.push(line);
  return out;
}

const files = execFileSync("git", ["grep", "-liE", "decisions? [0-9]{3}", "--", "app"], { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);
let before = 0;
let after = 0;
const unknown = new Set();
for (const path of files) {
  const original = readFileSync(new URL(path, root), "utf8");
  before += original.match(COUNTED)?.length ?? 0;
  const result = rewriteFile(path);
  const text = result?.text ?? original;
  after += text.match(COUNTED)?.length ?? 0;
  for (const number of result?.unknown ?? []) unknown.add(number);
  if (result && text !== original) {
    if (write) writeFileSync(new URL(path, root), text);
    else console.log(`${path}: cites ${result.cites.join(", ")}`);
  }
}
console.log(
  `\n${files.length} files; citations of a decision number in app/: ${before} before, ${after} after${write ? "" : " (dry run: nothing written; --write applies)"}`,
);
if (unknown.size > 0) console.log(`numbers not in citations.json (left as they are): ${[...unknown].sort().join(", ")}`);
