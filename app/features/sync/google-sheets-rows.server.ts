// Where a lead is in the owner's sheet (docs/features/lead-sync.md, "Google Sheets"): found by the
// Lead ID the row carries in its last column, never by a remembered position, because staff sort,
// insert and delete rows, and Sheets' append inserts after the table it detects, shifting the rows
// below. The Leads tab is found by its title in any case and written to under its real title.
import crypto from "node:crypto";
import { getEnv } from "~/utils/env.server";
import { callProvider, unreadableAnswer } from "./provider-http.server";
import { ProviderError } from "./provider";

export const LABEL = "Google Sheets";
/** The tab every sheet we create has, and the one we add to a sheet the owner names. */
export const SHEET_TAB = "Leads";
export const SHEET_HEADER = ["Received", "Name", "Email", "Phone", "Campaign", "Placement", "Offer code", "Consent", "Lead ID"];
/** The column holding each row's Lead ID (the ninth, after the eight columns rows had before it). */
const KEY_COLUMN = "I";
const EMAIL_INDEX = 2;
const KEY_INDEX = 8;
/** How `sync_record.remote_row` names a row found by its Lead ID; anything else is a position stored before. */
const KEY_PREFIX = "id:";

const trimmed = (value: string) => value.replace(/\/+$/, "");
export const sheetsBase = () => `${trimmed(getEnv().GOOGLE_SHEETS_BASE ?? "https://sheets.googleapis.com")}/v4/spreadsheets`;
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The Sheets API is switched off in the operator's Google Cloud project: no owner can fix it by reconnecting. */
export class SheetsApiDisabled extends ProviderError {}

const API_DISABLED =
  "The Google Sheets API is not enabled for this project: LeadQR's operator must enable it in Google Cloud. Then choose your sheet again.";
const NOT_SHARED =
  "The sheet is no longer shared with your Google account (or only for viewing). Share it again with edit access and choose it again, or choose another sheet.";
export const TAB_GONE = "The sheet's Leads tab was deleted or renamed. Choose another sheet, or choose this one again to add a new Leads tab.";

type GoogleError = { error?: { status?: string; errors?: Array<{ reason?: string }>; details?: Array<{ reason?: string }> } };

/**
 * Google's 403 says why: the API switched off for the project (`SERVICE_DISABLED`,
 * `accessNotConfigured`), a quota (`rateLimitExceeded`), or no permission on this sheet
 * (`PERMISSION_DENIED`). Each gets its own words rather than "reconnect".
 */
export function explainSheetsFailure(status: number, text: string): ProviderError | null {
  if (status !== 403) return null;
  let parsed: GoogleError = {};
  try {
    parsed = JSON.parse(text) as GoogleError;
  } catch {
    // An unreadable 403 is still a refusal of this sheet.
  }
  const reasons = [...(parsed.error?.details ?? []), ...(parsed.error?.errors ?? [])].map((entry) => entry.reason ?? "");
  if (reasons.some((reason) => reason === "SERVICE_DISABLED" || reason === "accessNotConfigured")) return new SheetsApiDisabled(API_DISABLED, "auth");
  if (reasons.some((reason) => /rateLimitExceeded/i.test(reason)))
    return new ProviderError(`${LABEL} asked us to slow down; we will try again.`, "retry");
  return new ProviderError(NOT_SHARED, "auth");
}

/** One call to the Sheets API, its 403s explained. */
export function callSheets<T>(url: string, options: { accessToken: string; method?: string; json?: unknown }) {
  return callProvider<T>(url, {
    label: LABEL,
    method: options.method,
    headers: bearer(options.accessToken),
    json: options.json,
    explain: explainSheetsFailure,
  });
}

/** A1 notation for a range of a tab, its title quoted as Sheets requires ('It''s'!A1). */
export const a1 = (tab: string, cells: string) => `'${tab.replace(/'/g, "''")}'!${cells}`;
const valuesUrl = (spreadsheetId: string, range: string, tail = "") =>
  `${sheetsBase()}/${encodeURIComponent(spreadsheetId)}/values/${encodeURIComponent(range)}${tail}`;

type Tabs = { sheets?: Array<{ properties?: { title?: string } }> } | null;

/** The tab titles of a spreadsheet, as Google answers `spreadsheets.get`. */
export async function tabTitlesOf(accessToken: string, spreadsheetId: string) {
  const found = await callSheets<Tabs & { properties?: { title?: string } }>(
    `${sheetsBase()}/${encodeURIComponent(spreadsheetId)}?fields=${encodeURIComponent("properties.title,sheets.properties.title")}`,
    { accessToken },
  );
  return { title: found?.properties?.title, tabs: (found?.sheets ?? []).map((tab) => tab.properties?.title ?? "") };
}

/** "Leads", "leads" or "LEADS": Sheets refuses two tabs whose titles differ only in case, so there is at most one. */
export const leadsTabAmong = (tabs: string[]) => tabs.find((title) => title.toLowerCase() === SHEET_TAB.toLowerCase()) ?? null;

/** The real title of the sheet's Leads tab; its absence holds the connection for the owner. */
async function leadsTabOf(accessToken: string, spreadsheetId: string) {
  const tab = leadsTabAmong((await tabTitlesOf(accessToken, spreadsheetId)).tabs);
  if (!tab) throw new ProviderError(TAB_GONE, "auth");
  return tab;
}

/** The rows (1-based) whose Lead ID cell holds `leadId`: one, or more if a retried append wrote it twice. */
async function rowsKeyed(accessToken: string, spreadsheetId: string, tab: string, leadId: string) {
  const answer = await callSheets<{ values?: unknown[][] } | null>(
    `${valuesUrl(spreadsheetId, a1(tab, `${KEY_COLUMN}:${KEY_COLUMN}`))}?majorDimension=COLUMNS`,
    { accessToken },
  );
  const column = answer?.values?.[0] ?? [];
  return column.flatMap((value, index) => (String(value ?? "").trim() === leadId ? [index + 1] : []));
}

const emailHash = (email: string) => crypto.createHash("md5").update(email.trim().toLowerCase()).digest("hex");

/**
 * A row written before rows carried a Lead ID: stored as its position (`Leads!A5:H5`), and since
 * the 0027 migration with the md5 of the lead's address after a `#`.
 */
function legacyOf(remoteRow: string) {
  const [range = "", hash = null] = remoteRow.split("#");
  const row = Number(/!A(\d+)/.exec(range)?.[1] ?? Number.NaN);
  return { row: Number.isInteger(row) ? row : null, hash };
}

/**
 * The row of a lead written before rows carried a Lead ID, only where it is certainly theirs: a row
 * with no Lead ID whose address is the lead's, at the stored position or the only such row.
 * Null when that cannot be told (moved among namesakes, deleted by staff, no address to compare).
 */
async function legacyRowOf(accessToken: string, spreadsheetId: string, tab: string, remoteRow: string, email: string | null) {
  const { row: stored, hash } = legacyOf(remoteRow);
  const wanted = email ? emailHash(email) : hash;
  if (!wanted) return null;
  const answer = await callSheets<{ values?: unknown[][] } | null>(valuesUrl(spreadsheetId, a1(tab, `A:${KEY_COLUMN}`)), { accessToken });
  const rows = answer?.values ?? [];
  const matches = rows.flatMap((cells, index) => {
    const key = String(cells[KEY_INDEX] ?? "").trim();
    const address = String(cells[EMAIL_INDEX] ?? "");
    return !key && address && emailHash(address) === wanted ? [index + 1] : [];
  });
  if (stored !== null && matches.includes(stored)) return stored;
  return matches.length === 1 ? matches[0]! : null;
}

/**
 * A header written before rows carried a Lead ID (the first eight titles, nothing in I1) gets its
 * ninth title, so staff see what the new column is. `first`: the tab's first row when already read.
 */
export async function titleKeyColumn(accessToken: string, spreadsheetId: string, tab: string, first?: unknown[]) {
  const row =
    first ??
    (await callSheets<{ values?: unknown[][] } | null>(valuesUrl(spreadsheetId, a1(tab, `A1:${KEY_COLUMN}1`)), { accessToken }))?.values?.[0] ??
    [];
  if (row.length !== KEY_INDEX || SHEET_HEADER.slice(0, KEY_INDEX).some((title, index) => row[index] !== title)) return;
  await callSheets(`${valuesUrl(spreadsheetId, a1(tab, `${KEY_COLUMN}1`))}?valueInputOption=RAW`, {
    accessToken,
    method: "PUT",
    json: { values: [[SHEET_HEADER[KEY_INDEX]]] },
  });
}

export type SheetCopy = { remoteKey: string; remoteRow: string };
export const keyedCopy = (spreadsheetId: string, leadId: string): SheetCopy => ({ remoteKey: spreadsheetId, remoteRow: `${KEY_PREFIX}${leadId}` });
const leadIdOf = (copy: SheetCopy) => (copy.remoteRow.startsWith(KEY_PREFIX) ? copy.remoteRow.slice(KEY_PREFIX.length) : null);

/**
 * Writes a lead's row: over every row carrying its Lead ID, else over its row from before Lead IDs
 * when that is certainly theirs, else as a new row. Returns what the log says.
 */
export async function writeLeadRow(
  options: { accessToken: string; spreadsheetId: string; leadId: string; email: string; previous: SheetCopy | null },
  values: string[],
) {
  const { accessToken, spreadsheetId, leadId, previous } = options;
  const tab = await leadsTabOf(accessToken, spreadsheetId);
  let rows = await rowsKeyed(accessToken, spreadsheetId, tab, leadId);
  const legacy = previous && previous.remoteKey === spreadsheetId && !leadIdOf(previous);
  if (rows.length === 0 && legacy) {
    await titleKeyColumn(accessToken, spreadsheetId, tab);
    const row = await legacyRowOf(accessToken, spreadsheetId, tab, previous.remoteRow, options.email);
    if (row !== null) rows = [row];
  }
  if (rows.length > 0) {
    await callSheets(`${sheetsBase()}/${encodeURIComponent(spreadsheetId)}/values:batchUpdate`, {
      accessToken,
      json: { valueInputOption: "RAW", data: rows.map((row) => ({ range: a1(tab, `A${row}:${KEY_COLUMN}${row}`), values: [values] })) },
    });
    return "Row updated.";
  }
  const answer = await callSheets<{ updates?: { updatedRange?: unknown } } | null>(
    `${valuesUrl(spreadsheetId, a1(tab, "A1"), ":append")}?valueInputOption=RAW&insertDataOption=INSERT_ROWS`,
    { accessToken, json: { values: [values] } },
  );
  if (typeof answer?.updates?.updatedRange !== "string") throw unreadableAnswer(LABEL, { call: "append" });
  return legacy ? "Row added: its earlier row could not be told apart from others, so that one was left as it was." : "Row added.";
}

/**
 * Clears an erased lead's row: every row carrying its Lead ID (or its row from before Lead IDs,
 * when that is certainly theirs). When none is found nothing is touched, and the log says so.
 */
export async function clearLeadRow(accessToken: string, copy: SheetCopy): Promise<{ skipped: string } | undefined> {
  const spreadsheetId = copy.remoteKey;
  const tabs = await tabTitlesOf(accessToken, spreadsheetId);
  const tab = leadsTabAmong(tabs.tabs);
  const leadId = leadIdOf(copy);
  const named = leadId ? ` (Lead ID ${leadId})` : "";
  if (!tab)
    return {
      skipped: `Not removed: the sheet has no Leads tab any more (deleted or renamed), so nothing was changed. Delete the erased lead's row${named} by hand.`,
    };
  const rows = leadId
    ? await rowsKeyed(accessToken, spreadsheetId, tab, leadId)
    : [await legacyRowOf(accessToken, spreadsheetId, tab, copy.remoteRow, null)].filter((row): row is number => row !== null);
  if (rows.length === 0)
    return {
      skipped: leadId
        ? `Not removed: no row of the sheet carries this lead's ID${named} any more, so nothing was changed.`
        : "Not removed: its row could not be told apart from others (the sheet changed since it was written), so nothing was changed. Delete the erased lead's row by hand.",
    };
  await callSheets(`${sheetsBase()}/${encodeURIComponent(spreadsheetId)}/values:batchClear`, {
    accessToken,
    json: { ranges: rows.map((row) => a1(tab, `A${row}:${KEY_COLUMN}${row}`)) },
  });
  return undefined;
}
