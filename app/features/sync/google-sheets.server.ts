// Google Sheets (decision 403): OAuth 2 with the spreadsheets scope, a new sheet per business or
// one the owner names (a `Leads` tab with a header row), one row per lead appended and then kept
// up to date in place, cleared when the lead is erased.
import { DomainError } from "~/utils/domain-error";
import { getEnv } from "~/utils/env.server";
import { callProvider, unreadableAnswer } from "./provider-http.server";
import { ProviderError, type LiveConnection, type PushOutcome, type RemoteCopy, type SyncLead, type SyncProvider } from "./provider";

const LABEL = "Google Sheets";
/** Create sheets and write to one the owner names (decision 403); it reads no Drive listing. */
export const GOOGLE_SCOPE = "https://www.googleapis.com/auth/spreadsheets";
/** The tab every sheet we create has; rows are appended to it. */
export const SHEET_TAB = "Leads";
export const SHEET_HEADER = ["Received", "Name", "Email", "Phone", "Campaign", "Placement", "Offer code", "Consent"];

const trimmed = (value: string) => value.replace(/\/+$/, "");
const authBase = () => trimmed(getEnv().GOOGLE_AUTH_BASE ?? "https://accounts.google.com");
const tokenBase = () => trimmed(getEnv().GOOGLE_TOKEN_BASE ?? "https://oauth2.googleapis.com");
const sheetsBase = () => `${trimmed(getEnv().GOOGLE_SHEETS_BASE ?? "https://sheets.googleapis.com")}/v4/spreadsheets`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type TokenAnswer = { access_token: string; expires_in?: number; refresh_token?: string };
const expiryOf = (answer: TokenAnswer) => (answer.expires_in ? new Date(Date.now() + answer.expires_in * 1000) : null);

/** A token answer with its access token, or the provider's unreadable answer. */
function tokenAnswer(answer: Partial<TokenAnswer> | null): TokenAnswer {
  if (typeof answer?.access_token !== "string") throw unreadableAnswer(LABEL, { call: "token" });
  return answer as TokenAnswer;
}

/** "2026-11-26 18:04" in the owner's zone: what the staff reading the sheet expect. */
export function ownerTimeOf(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}`;
}

export function sheetRowOf(lead: SyncLead) {
  return [
    ownerTimeOf(lead.collectedAt, lead.ownerTimeZone),
    lead.name,
    lead.email,
    lead.phone ?? "",
    lead.campaignTitle,
    lead.placementName ?? "",
    lead.offerCode ?? "",
    lead.consentStatus,
  ];
}

/**
 * The spreadsheet id in a sheet's link (…/spreadsheets/d/<id>/edit) or the id itself; otherwise
 * why what the owner pasted is not one, in words that finish "That is not a Google Sheets link: ".
 */
export function spreadsheetIdOf(reference: string): { id: string } | { problem: string } {
  const text = reference.trim();
  const linked = /\/spreadsheets\/d\/([\w-]+)/.exec(text);
  if (linked) return { id: linked[1]! };
  if (/^[\w-]{5,}$/.test(text)) return { id: text };
  const host = linkHostOf(text);
  if (host && host !== "docs.google.com") return { problem: `it leads to ${host.slice(0, 100)}, not to a sheet.` };
  if (host) return { problem: "it has no “/spreadsheets/d/” followed by the sheet's ID." };
  return { problem: "paste the sheet's link from your browser's address bar, or its ID." };
}

/** The host of a pasted web link, with or without its `https://`; null for anything else. */
function linkHostOf(text: string) {
  const withScheme = /^https?:\/\//i.test(text) ? text : /^[\w-]+(\.[\w-]+)+\//.test(text) ? `https://${text}` : null;
  if (!withScheme || !URL.canParse(withScheme)) return null;
  return new URL(withScheme).hostname || null;
}

const NOT_OPENED = "We could not open this sheet. Check the link, and that the Google account you connected can edit it.";

/**
 * An existing sheet made ready: a `Leads` tab added when it has none, and the header row when that
 * tab is empty. A link that is not one, or names a sheet this account cannot open, is the owner's
 * typing mistake: a 400 with the reason (`sheet_link_invalid`), not a provider failure.
 */
async function useExisting(connection: { accessToken: string }, reference: string) {
  const parsed = spreadsheetIdOf(reference);
  if ("problem" in parsed) throw new DomainError("sheet_link_invalid", `That is not a Google Sheets link: ${parsed.problem}`);
  const { id } = parsed;
  const sheet = `${sheetsBase()}/${encodeURIComponent(id)}`;
  const headers = bearer(connection.accessToken);
  let found: { properties?: { title?: string }; sheets?: Array<{ properties?: { title?: string } }> } | null;
  try {
    found = await callProvider(`${sheet}?fields=${encodeURIComponent("spreadsheetId,properties.title,sheets.properties.title")}`, {
      label: LABEL,
      headers,
    });
  } catch (error) {
    // A sheet this account may not open is the owner's wrong link, not a broken connection.
    if (error instanceof ProviderError && (error.kind === "gone" || error.kind === "auth")) throw new DomainError("sheet_link_invalid", NOT_OPENED);
    throw error;
  }
  const tabs = (found?.sheets ?? []).map((tab) => tab.properties?.title);
  if (!tabs.includes(SHEET_TAB))
    await callProvider(`${sheet}:batchUpdate`, { label: LABEL, headers, json: { requests: [{ addSheet: { properties: { title: SHEET_TAB } } }] } });
  const first = await callProvider<{ values?: string[][] } | null>(`${sheet}/values/${encodeURIComponent(`${SHEET_TAB}!A1:H1`)}`, {
    label: LABEL,
    headers,
  });
  if (!first?.values?.length) await appendHeader(connection.accessToken, id);
  return { id, name: found?.properties?.title ?? id };
}

function appendHeader(accessToken: string, spreadsheetId: string) {
  return callProvider(
    `${sheetsBase()}/${encodeURIComponent(spreadsheetId)}/values/${encodeURIComponent(`${SHEET_TAB}!A1`)}:append?valueInputOption=RAW`,
    {
      label: LABEL,
      headers: bearer(accessToken),
      json: { values: [SHEET_HEADER] },
    },
  );
}

async function pushLead(connection: LiveConnection, lead: SyncLead, previous: RemoteCopy | null): Promise<PushOutcome> {
  const sheet = `${sheetsBase()}/${encodeURIComponent(connection.destinationId)}`;
  const values = [sheetRowOf(lead)];
  if (previous && previous.remoteKey === connection.destinationId) {
    await callProvider(`${sheet}/values/${encodeURIComponent(previous.remoteRow)}?valueInputOption=RAW`, {
      label: LABEL,
      method: "PUT",
      headers: bearer(connection.accessToken),
      json: { range: previous.remoteRow, values },
    });
    return { sent: previous, note: "Row updated." };
  }
  const answer = await callProvider<{ updates?: { updatedRange?: unknown } } | null>(
    `${sheet}/values/${encodeURIComponent(`${SHEET_TAB}!A1`)}:append?valueInputOption=RAW&insertDataOption=INSERT_ROWS`,
    { label: LABEL, headers: bearer(connection.accessToken), json: { values } },
  );
  const range = answer?.updates?.updatedRange;
  if (typeof range !== "string") throw unreadableAnswer(LABEL, { call: "append" });
  return { sent: { remoteKey: connection.destinationId, remoteRow: range }, note: "Row added." };
}

export const googleSheets: SyncProvider = {
  id: "google_sheets",
  label: LABEL,
  needsMarketingConsent: false,
  destinationNoun: "sheet",
  missingConfiguration() {
    const env = getEnv();
    return [env.GOOGLE_CLIENT_ID ? null : "GOOGLE_CLIENT_ID", env.GOOGLE_CLIENT_SECRET ? null : "GOOGLE_CLIENT_SECRET"].filter(
      (name): name is string => name !== null,
    );
  },
  authorizeUrl({ state, redirectUri }) {
    const query = new URLSearchParams({
      client_id: getEnv().GOOGLE_CLIENT_ID ?? "",
      redirect_uri: redirectUri,
      response_type: "code",
      scope: GOOGLE_SCOPE,
      // A refresh token, every time the owner connects.
      access_type: "offline",
      prompt: "consent",
      include_granted_scopes: "true",
      state,
    });
    return `${authBase()}/o/oauth2/v2/auth?${query}`;
  },
  async exchangeCode({ code, redirectUri }) {
    const env = getEnv();
    const answer = tokenAnswer(
      await callProvider<Partial<TokenAnswer> | null>(`${tokenBase()}/token`, {
        label: LABEL,
        form: {
          grant_type: "authorization_code",
          code,
          redirect_uri: redirectUri,
          client_id: env.GOOGLE_CLIENT_ID ?? "",
          client_secret: env.GOOGLE_CLIENT_SECRET ?? "",
        },
      }),
    );
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token ?? null,
      expiresAt: expiryOf(answer),
      apiEndpoint: null,
      accountName: "",
    };
  },
  async refresh(refreshToken) {
    const env = getEnv();
    const answer = tokenAnswer(
      await callProvider<Partial<TokenAnswer> | null>(`${tokenBase()}/token`, {
        label: LABEL,
        form: {
          grant_type: "refresh_token",
          refresh_token: refreshToken,
          client_id: env.GOOGLE_CLIENT_ID ?? "",
          client_secret: env.GOOGLE_CLIENT_SECRET ?? "",
        },
      }),
    );
    return { accessToken: answer.access_token, expiresAt: expiryOf(answer), refreshToken: answer.refresh_token };
  },
  async revoke(tokens) {
    // Revoking the refresh token ends its access tokens too.
    await callProvider(`${tokenBase()}/revoke`, { label: LABEL, form: { token: tokens.refreshToken ?? tokens.accessToken } });
  },
  // Listing the owner's sheets needs a Drive scope; the owner pastes a sheet's link instead (decision 403).
  async listDestinations() {
    return [];
  },
  async createDestination(connection, name) {
    const created = await callProvider<{ spreadsheetId?: unknown; properties?: { title?: string } } | null>(sheetsBase(), {
      label: LABEL,
      headers: bearer(connection.accessToken),
      json: { properties: { title: name }, sheets: [{ properties: { title: SHEET_TAB } }] },
    });
    if (typeof created?.spreadsheetId !== "string") throw unreadableAnswer(LABEL, { call: "create" });
    await appendHeader(connection.accessToken, created.spreadsheetId);
    return { id: created.spreadsheetId, name: created.properties?.title ?? name };
  },
  useExisting,
  pushLead,
  async removeLead(connection, copy) {
    await callProvider(`${sheetsBase()}/${encodeURIComponent(copy.remoteKey)}/values/${encodeURIComponent(copy.remoteRow)}:clear`, {
      label: LABEL,
      headers: bearer(connection.accessToken),
      json: {},
    });
  },
};
