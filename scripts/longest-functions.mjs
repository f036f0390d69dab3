// Prints the longest functions in app/ and server.mjs, longest first: lines, name, file:line, and
// whether the function returns JSX (a component). `npm run functions [-- --top 40]`.
// Aim: none over ~80 lines outside components, none over ~150 at all. Exits 1 when a function is
// over MAX_LINES (decision 370): the aim of 80 is a judgement, the ceiling is a rule.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..");
/** No function, component or not, is longer than this. */
const MAX_LINES = 150;
const topArgument = process.argv.indexOf("--top");
const top = topArgument > 0 ? Number(process.argv[topArgument + 1]) : 25;

function sourceFiles(folder) {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** A function's name as a reader finds it: its own, its variable's, its property's or its method's. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText();
  if (ts.isExportAssignment(parent)) return "default export";
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText().slice(0, 40)})`;
  return "(anonymous)";
}

function containsJsx(node) {
  let found = false;
  const visit = (child) => {
    if (found) return;
    if (ts.isJsxElement(child) || ts.isJsxSelfClosingElement(child) || ts.isJsxFragment(child)) found = true;
    else ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

const functions = [];
for (const file of [...sourceFiles(path.join(root, "app")), path.join(root, "server.mjs")]) {
  const text = fs.readFileSync(file, "utf8");
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".mjs") ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      functions.push({ name: nameOf(node), where: `${path.relative(root, file)}:${start}`, lines: end - start + 1, jsx: containsJsx(node.body) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

functions.sort((a, b) => b.lines - a.lines);
const shown = functions.slice(0, top);
const nameWidth = Math.max(...shown.map((entry) => entry.name.length));
console.log(`${"lines".padStart(5)}  ${"function".padEnd(nameWidth)}  where`);
for (const entry of shown) {
  console.log(`${String(entry.lines).padStart(5)}  ${entry.name.padEnd(nameWidth)}  ${entry.where}${entry.jsx ? "  (JSX)" : ""}`);
}
const over = (limit, jsx) => functions.filter((entry) => entry.lines > limit && (jsx || !entry.jsx)).length;
console.log(`\n${functions.length} functions; over 80 lines without JSX: ${over(80, false)}; over ${MAX_LINES} lines: ${over(MAX_LINES, true)}`);
const tooLong = functions.filter((entry) => entry.lines > MAX_LINES);
if (tooLong.length > 0) {
  console.error(`\nOver ${MAX_LINES} lines (split into named steps or components):`);
  for (const entry of tooLong) console.error(`  ${entry.lines}  ${entry.name}  ${entry.where}`);
  process.exitCode = 1;
}
