// The cells of the Sheets v4 stand-in, kept as the real service keeps them: A1 ranges with quoted or
// bare tab titles matched regardless of case, reads trimmed of trailing blanks (rows or columns),
// and `values:append`'s table detection: the table is the first run of non-blank rows at or below
// the range's first row, new rows go right after it, and INSERT_ROWS shifts the rows below down.

export type StandInSheet = { title: string; tabs: string[]; rows: string[][] };
export type SheetRange = { sheet: StandInSheet; tab: string; firstColumn: number; lastColumn: number; firstRow: number; lastRow: number | null };

/** The tab whose title is `title` in any case, as Sheets resolves a range's tab. */
export const tabNamed = (sheet: StandInSheet, title: string) => sheet.tabs.find((tab) => tab.toLowerCase() === title.toLowerCase()) ?? null;

const columnIndex = (letters: string) => [...letters.toUpperCase()].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0) - 1;
const columnLetters = (index: number): string =>
  (index >= 26 ? columnLetters(Math.floor(index / 26) - 1) : "") + String.fromCharCode(65 + (index % 26));

/** `'Tab'!A1:I5`, `Tab!I:I`, `tab!A1`: its tab (the real title) and cells; null when Sheets would not parse it. */
export function rangeOf(sheet: StandInSheet, text: string): SheetRange | null {
  const match = /^(?:'((?:[^']|'')+)'|([^!']+))!([A-Z]+)(\d+)?(?::([A-Z]+)(\d+)?)?$/i.exec(text);
  if (!match) return null;
  const tab = tabNamed(sheet, (match[1] ?? match[2] ?? "").replace(/''/g, "'"));
  if (!tab) return null;
  const [, , , from, fromRow, to, toRow] = match;
  const single = to === undefined;
  return {
    sheet,
    tab,
    firstColumn: columnIndex(from!),
    lastColumn: columnIndex(to ?? from!),
    firstRow: fromRow ? Number(fromRow) : 1,
    lastRow: toRow ? Number(toRow) : single && fromRow ? Number(fromRow) : null,
  };
}

export const unparsable = (text: string) => ({
  status: 400,
  body: { error: { code: 400, message: `Unable to parse range: ${text}`, status: "INVALID_ARGUMENT" } },
});

/** The cells of the leads tab; any other tab holds nothing in the stand-in. */
const rowsOf = (range: SheetRange) => (range.tab.toLowerCase() === "leads" ? range.sheet.rows : []);
const blank = (row: string[] | undefined) => !row || row.every((cell) => cell === "");
const trimRow = (row: string[]) => {
  const copy = [...row];
  while (copy.length && copy.at(-1) === "") copy.pop();
  return copy;
};
const a1Of = (range: SheetRange, first: number, last: number) =>
  `${range.tab}!${columnLetters(range.firstColumn)}${first}:${columnLetters(range.lastColumn)}${last}`;

/** values.get: the range's cells, trailing blank cells and rows left out, by rows or by columns. */
export function readRange(range: SheetRange, byColumns: boolean) {
  const rows = rowsOf(range);
  const last = range.lastRow ?? rows.length;
  const cells = rows.slice(range.firstRow - 1, last).map((row) => trimRow(row.slice(range.firstColumn, range.lastColumn + 1)));
  while (cells.length && cells.at(-1)!.length === 0) cells.pop();
  const a1 = a1Of(range, range.firstRow, Math.max(range.firstRow, last));
  if (!byColumns) return { range: a1, majorDimension: "ROWS", ...(cells.length ? { values: cells } : {}) };
  const width = Math.max(0, ...cells.map((row) => row.length));
  const columns = Array.from({ length: width }, (_, column) => cells.map((row) => row[column] ?? ""));
  return { range: a1, majorDimension: "COLUMNS", ...(columns.length ? { values: columns.map(trimRow) } : {}) };
}

function put(range: SheetRange, at: number, values: string[]) {
  const rows = rowsOf(range);
  while (rows.length < at) rows.push([]);
  const row = [...(rows[at - 1] ?? [])];
  values.forEach((value, offset) => {
    while (row.length < range.firstColumn + offset) row.push("");
    row[range.firstColumn + offset] = value;
  });
  rows[at - 1] = trimRow(row);
}

/** values.update / one range of values:batchUpdate. */
export function writeRange(range: SheetRange, values: string[][]) {
  values.forEach((row, offset) => put(range, range.firstRow + offset, row));
  return { updatedRange: a1Of(range, range.firstRow, range.firstRow + values.length - 1), updatedRows: values.length };
}

/** values:clear / one range of values:batchClear: the cells emptied, the rows kept (a blank row stays). */
export function clearRange(range: SheetRange) {
  const rows = rowsOf(range);
  const last = Math.min(range.lastRow ?? rows.length, rows.length);
  for (let at = range.firstRow; at <= last; at++) {
    const row = [...(rows[at - 1] ?? [])];
    for (let column = range.firstColumn; column <= Math.min(range.lastColumn, row.length - 1); column++) row[column] = "";
    rows[at - 1] = trimRow(row);
  }
}

/**
 * values:append: after the last row of the table Sheets detects from the range (the first run of
 * non-blank rows at or below it), over the blank row there (OVERWRITE, the default) or shifting
 * the rows below down (INSERT_ROWS).
 */
export function appendRows(range: SheetRange, values: string[][], insertDataOption: string | null) {
  const rows = rowsOf(range);
  let start = range.firstRow - 1;
  while (start < rows.length && blank(rows[start])) start++;
  let end = start;
  while (end < rows.length && !blank(rows[end])) end++;
  const table = end > start ? a1Of({ ...range, firstColumn: 0, lastColumn: 8 }, start + 1, end) : undefined;
  if (insertDataOption === "INSERT_ROWS") rows.splice(end, 0, ...values.map(() => []));
  values.forEach((row, offset) => put({ ...range, firstColumn: 0 }, end + 1 + offset, row));
  const updatedRange = a1Of(
    { ...range, firstColumn: 0, lastColumn: Math.max(0, ...values.map((row) => row.length)) - 1 },
    end + 1,
    end + values.length,
  );
  return { ...(table ? { tableRange: table } : {}), updates: { updatedRange, updatedRows: values.length } };
}
