// Google Sheets: OAuth 2 with PKCE and the spreadsheets scope, a new sheet per
// business or one the owner names (a `Leads` tab with a header row), one row per lead appended and
// then kept up to date, found by its Lead ID (google-sheets-rows.server.ts), cleared when the lead
// is erased.
// Rules: docs/features/lead-sync.md ("Google Sheets").
import crypto from "node:crypto";
import { refused, words, type RefusalWords } from "~/features/languages/owner/refusals";
import { getEnv } from "~/utils/env.server";
import {
  a1,
  callSheets,
  clearLeadRow,
  keyedCopy,
  LABEL,
  leadsTabAmong,
  SHEET_HEADER,
  SHEET_TAB,
  sheetsBase,
  SheetsApiDisabled,
  tabTitlesOf,
  titleKeyColumn,
  writeLeadRow,
} from "./google-sheets-rows.server";
import { callProvider, unreadableAnswer } from "./provider-http.server";
import { ProviderError, type LiveConnection, type PushOutcome, type RemoteCopy, type SyncLead, type SyncProvider } from "./provider";

export { SHEET_HEADER, SHEET_TAB };
/**
 * Create sheets and write to one the owner names; it reads no Drive listing. A
 * sensitive scope: Google shows its unverified-app screen and caps users until the app is verified.
 */
export const GOOGLE_SCOPE = "https://www.googleapis.com/auth/spreadsheets";

const trimmed = (value: string) => value.replace(/\/+$/, "");
const authBase = () => trimmed(getEnv().GOOGLE_AUTH_BASE ?? "https://accounts.google.com");
const tokenBase = () => trimmed(getEnv().GOOGLE_TOKEN_BASE ?? "https://oauth2.googleapis.com");

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
export function spreadsheetIdOf(reference: string): { id: string } | { problem: RefusalWords } {
  const text = reference.trim();
  const linked = /\/spreadsheets\/d\/([\w-]+)/.exec(text);
  if (linked) return { id: linked[1]! };
  if (/^[\w-]{5,}$/.test(text)) return { id: text };
  const host = linkHostOf(text);
  if (host && host !== "docs.google.com") return { problem: words("sync.sheetHost", { host: host.slice(0, 100) }) };
  if (host) return { problem: words("sync.sheetNoId") };
  return { problem: words("sync.sheetPaste") };
}

/** The host of a pasted web link, with or without its `https://`; null for anything else. */
function linkHostOf(text: string) {
  const withScheme = /^https?:\/\//i.test(text) ? text : /^[\w-]+(\.[\w-]+)+\//.test(text) ? `https://${text}` : null;
  if (!withScheme || !URL.canParse(withScheme)) return null;
  return new URL(withScheme).hostname || null;
}

/**
 * An existing sheet made ready: a `Leads` tab (any case) added when it has none, and the header row
 * when that tab is empty. A link that is not one, or names a sheet this account cannot open, is the
 * owner's typing mistake: a 400 with the reason (`sheet_link_invalid`), not a provider failure.
 */
async function useExisting(connection: { accessToken: string }, reference: string) {
  const parsed = spreadsheetIdOf(reference);
  if ("problem" in parsed) throw refused("sheet_link_invalid", "sync.sheetLink", { problem: parsed.problem });
  const { id } = parsed;
  const { accessToken } = connection;
  let found: Awaited<ReturnType<typeof tabTitlesOf>>;
  try {
    found = await tabTitlesOf(accessToken, id);
  } catch (error) {
    // A sheet this account may not open is the owner's wrong link, not a broken connection; an API
    // switched off for the project is the operator's to fix, and said so.
    if (error instanceof ProviderError && !(error instanceof SheetsApiDisabled) && (error.kind === "gone" || error.kind === "auth"))
      throw refused("sheet_link_invalid", "sync.sheetNotOpened");
    throw error;
  }
  let tab = leadsTabAmong(found.tabs);
  if (!tab) {
    await callSheets(`${sheetsBase()}/${encodeURIComponent(id)}:batchUpdate`, {
      accessToken,
      json: { requests: [{ addSheet: { properties: { title: SHEET_TAB } } }] },
    });
    tab = SHEET_TAB;
  }
  const first = await callSheets<{ values?: string[][] } | null>(
    `${sheetsBase()}/${encodeURIComponent(id)}/values/${encodeURIComponent(a1(tab, "A1:I1"))}`,
    {
      accessToken,
    },
  );
  if (!first?.values?.length) await appendHeader(accessToken, id, tab);
  else await titleKeyColumn(accessToken, id, tab, first.values[0]);
  return { id, name: found.title ?? id };
}

function appendHeader(accessToken: string, spreadsheetId: string, tab = SHEET_TAB) {
  return callSheets(`${sheetsBase()}/${encodeURIComponent(spreadsheetId)}/values/${encodeURIComponent(a1(tab, "A1"))}:append?valueInputOption=RAW`, {
    accessToken,
    json: { values: [SHEET_HEADER] },
  });
}

async function pushLead(connection: LiveConnection, lead: SyncLead, previous: RemoteCopy | null): Promise<PushOutcome> {
  const spreadsheetId = connection.destinationId;
  const note = await writeLeadRow({ accessToken: connection.accessToken, spreadsheetId, leadId: lead.id, email: lead.email, previous }, [
    ...sheetRowOf(lead),
    lead.id,
  ]);
  return { sent: keyedCopy(spreadsheetId, lead.id), note };
}

/** PKCE (RFC 7636, S256): the challenge sent with the authorization for the verifier the code exchange proves. */
export const pkceChallengeOf = (verifier: string) => crypto.createHash("sha256").update(verifier).digest("base64url");

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
  authorizeUrl({ state, redirectUri, codeVerifier }) {
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
      code_challenge: pkceChallengeOf(codeVerifier),
      code_challenge_method: "S256",
    });
    return `${authBase()}/o/oauth2/v2/auth?${query}`;
  },
  async exchangeCode({ code, redirectUri, codeVerifier }) {
    const env = getEnv();
    const answer = tokenAnswer(
      await callProvider<Partial<TokenAnswer> | null>(`${tokenBase()}/token`, {
        label: LABEL,
        form: {
          grant_type: "authorization_code",
          code,
          code_verifier: codeVerifier,
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
  // Listing the owner's sheets needs a Drive scope; the owner pastes a sheet's link instead.
  async listDestinations() {
    return [];
  },
  async createDestination(connection, name) {
    const created = await callSheets<{ spreadsheetId?: unknown; properties?: { title?: string } } | null>(sheetsBase(), {
      accessToken: connection.accessToken,
      json: { properties: { title: name }, sheets: [{ properties: { title: SHEET_TAB } }] },
    });
    if (typeof created?.spreadsheetId !== "string") throw unreadableAnswer(LABEL, { call: "create" });
    await appendHeader(connection.accessToken, created.spreadsheetId);
    return { id: created.spreadsheetId, name: created.properties?.title ?? name };
  },
  useExisting,
  pushLead,
  removeLead: (connection, copy) => clearLeadRow(connection.accessToken, copy),
};
