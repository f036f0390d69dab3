// Mailchimp audiences: OAuth 2 at the login server, then its metadata for the
// account's API address; members upserted by the md5 of the address, so retries never duplicate.
// An existing member's status is never changed by a push (docs/features/lead-sync.md, "Mailchimp").
// Rules: docs/features/lead-sync.md ("Mailchimp").
import crypto from "node:crypto";
import { getEnv } from "~/utils/env.server";
import { callProvider, unreadableAnswer } from "./provider-http.server";
import { ProviderError, type LiveConnection, type PushOutcome, type SyncLead, type SyncProvider } from "./provider";

const LABEL = "Mailchimp";
/** Audiences asked for per page (Mailchimp's maximum), and how many pages at most (10,000 audiences). */
const LISTS_PAGE = 1000;
const MAX_LIST_PAGES = 10;
/** What the consent status allows: a member only with marketing consent under the campaign's mode. */
const MAY_SUBSCRIBE = new Set(["notice shown", "consented", "confirmed"]);

function loginBase() {
  return (getEnv().MAILCHIMP_LOGIN_BASE ?? "https://login.mailchimp.com").replace(/\/+$/, "");
}

/** Mailchimp's member id: the md5 of the lowercased address. */
export function subscriberHash(email: string) {
  return crypto.createHash("md5").update(email.trim().toLowerCase()).digest("hex");
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const api = (connection: { apiEndpoint: string | null }, path: string) => {
  if (!connection.apiEndpoint) throw new ProviderError(`${LABEL} did not tell us the account's API address. Reconnect to resume.`, "auth");
  return `${connection.apiEndpoint.replace(/\/+$/, "")}/3.0${path}`;
};

/** The member's note: the consent record as given, so the audience shows when, from where and to which words. */
export function consentNote(lead: SyncLead) {
  const consent = lead.consent;
  if (!consent) return `Lead from LeadQR (${lead.campaignTitle}).`;
  const lines = [
    `Consent collected by LeadQR for "${lead.campaignTitle}" on ${consent.givenAt.toISOString()}${consent.clientAddress ? ` from ${consent.clientAddress}` : ""}.`,
    `Wording shown: "${consent.wording}"`,
  ];
  if (consent.confirmedAt)
    lines.push(`Confirmed by email on ${consent.confirmedAt.toISOString()}${consent.confirmedAddress ? ` from ${consent.confirmedAddress}` : ""}.`);
  return lines.join("\n");
}

/** Mailchimp's own consent fields for a new member, from our consent record: when and from where they signed up and opted in, and in which language. */
export function signupFieldsOf(lead: SyncLead) {
  const consent = lead.consent;
  if (!consent) return {};
  const opted = consent.confirmedAt ?? consent.givenAt;
  const optedFrom = consent.confirmedAt ? consent.confirmedAddress : consent.clientAddress;
  return {
    ...(consent.clientAddress ? { ip_signup: consent.clientAddress } : {}),
    timestamp_signup: mailchimpTime(consent.givenAt),
    ...(optedFrom ? { ip_opt: optedFrom } : {}),
    timestamp_opt: mailchimpTime(opted),
    // Our languages' codes (en, es, fr, de, pt, it, nl, ar) are Mailchimp's own.
    language: consent.language,
  };
}

/** ISO 8601 to the second, as Mailchimp writes its own timestamps (`2026-11-28T06:20:00+00:00`). */
const mailchimpTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "+00:00");

/** FNAME, and LNAME where the visitor gave a first and a last name ("Ana María López" → "Ana", "María López"). */
export function nameFieldsOf(name: string): Record<string, string> {
  const [first, ...rest] = name.trim().split(/\s+/).filter(Boolean);
  if (!first) return {};
  return rest.length > 0 ? { FNAME: first, LNAME: rest.join(" ") } : { FNAME: first };
}

/** Statuses a member chose, or Mailchimp set, that are never changed by us: the member is left as they are. */
const LEFT_ALONE: Record<string, string> = {
  unsubscribed: "Not sent: unsubscribed in Mailchimp earlier; left as they chose.",
  cleaned: "Not sent: Mailchimp cleaned this address earlier (its emails bounced); left as it is.",
};
/** Mailchimp's refusals to subscribe an address again (problem titles), in the owner's words. */
const REFUSED_FOR_GOOD: Record<string, string> = {
  "Member In Compliance State": "Not sent: unsubscribed or blocked in Mailchimp earlier; left as they chose.",
  "Forgotten Email Not Subscribed":
    "Not sent: this address was permanently deleted from the audience earlier; Mailchimp lets it back only through its own signup form.",
};

/** The member's status in the audience, or null when the address is not in it. */
async function statusOf(connection: LiveConnection, member: string) {
  try {
    const answer = await callProvider<{ status?: unknown } | null>(`${member}?fields=status`, {
      label: LABEL,
      headers: bearer(connection.accessToken),
    });
    return typeof answer?.status === "string" ? answer.status : "";
  } catch (error) {
    if (error instanceof ProviderError && error.kind === "gone") return null;
    throw error;
  }
}

/**
 * Adds the member (subscribed, with our consent record in Mailchimp's own fields) or updates the
 * one there, never changing an existing member's status: `status_if_new` only. Required merge
 * fields the visitor never gave (LNAME, ADDRESS) do not refuse the lead. A refusal to subscribe
 * the address again comes back as the reason, not as a failure.
 */
async function upsertMember(connection: LiveConnection, member: string, lead: SyncLead, isNew: boolean) {
  try {
    const answer = await callProvider<MemberAnswer>(`${member}?skip_merge_validation=true`, {
      label: LABEL,
      method: "PUT",
      headers: bearer(connection.accessToken),
      json: {
        email_address: lead.email,
        status_if_new: "subscribed",
        merge_fields: nameFieldsOf(lead.name),
        ...(isNew ? signupFieldsOf(lead) : {}),
      },
    });
    return { answer };
  } catch (error) {
    const refusal = error instanceof ProviderError ? REFUSED_FOR_GOOD[error.title ?? ""] : undefined;
    if (refusal) return { refusal };
    throw error;
  }
}

async function pushLead(connection: LiveConnection, lead: SyncLead, previous: { remoteKey: string; remoteRow: string } | null): Promise<PushOutcome> {
  const hash = subscriberHash(lead.email);
  const member = api(connection, `/lists/${encodeURIComponent(connection.destinationId)}/members/${hash}`);
  const sent = { remoteKey: connection.destinationId, remoteRow: hash };
  // What another audience held (before the owner chose this one) does not count here.
  const held = previous?.remoteKey === connection.destinationId ? previous : null;
  if (lead.consentStatus === "consent withdrawn") {
    if (!held) return { skipped: "Not sent: the visitor withdrew consent." };
    try {
      await callProvider(member, { label: LABEL, method: "PATCH", headers: bearer(connection.accessToken), json: { status: "unsubscribed" } });
    } catch (error) {
      if (!(error instanceof ProviderError && error.kind === "gone")) throw error;
    }
    return { sent, note: "Unsubscribed: the visitor withdrew consent." };
  }
  if (!MAY_SUBSCRIBE.has(lead.consentStatus)) {
    const why = lead.consentStatus === "awaiting confirmation" ? "the visitor has not confirmed yet" : "no marketing consent";
    return { skipped: `Not sent: ${why}.` };
  }
  const status = await statusOf(connection, member);
  if (status && LEFT_ALONE[status]) return { skipped: LEFT_ALONE[status] };
  const upserted = await upsertMember(connection, member, lead, status === null);
  if ("refusal" in upserted) return { skipped: upserted.refusal! };
  const headers = bearer(connection.accessToken);
  const permissions = emailPermissionsToGrant(upserted.answer);
  if (permissions.length > 0) await callProvider(member, { label: LABEL, method: "PATCH", headers, json: { marketing_permissions: permissions } });
  if (!held) {
    await callProvider(`${member}/notes`, { label: LABEL, headers, json: { note: consentNote(lead) } });
    const tags = tagsOf(lead);
    if (tags.length > 0)
      await callProvider(`${member}/tags`, { label: LABEL, headers, json: { tags: tags.map((name) => ({ name, status: "active" })) } });
  }
  return { sent, note: outcomeOf(upserted.answer?.status ?? "subscribed", permissions.length > 0) };
}

/** The log's line for a member we added or updated: an existing member keeps the status they had. */
function outcomeOf(status: string, granted: boolean) {
  if (status === "subscribed") return granted ? "Subscribed, with email marketing permission." : "Subscribed.";
  if (status === "pending") return "Updated: already in the audience, awaiting Mailchimp's confirmation email; left as it is.";
  return `Updated: already in the audience as ${status}; left as it is.`;
}

type MemberAnswer = { status?: string; marketing_permissions?: Array<{ marketing_permission_id: string; text?: string; enabled?: boolean }> } | null;

/**
 * A GDPR-enabled audience answers the member with its marketing permissions: the
 * visitor agreed to marketing emails, so the email channel is granted, and no other channel.
 */
export function emailPermissionsToGrant(answer: MemberAnswer) {
  return (answer?.marketing_permissions ?? [])
    .filter((permission) => /e-?mail/i.test(permission.text ?? "") && !permission.enabled)
    .map((permission) => ({ marketing_permission_id: permission.marketing_permission_id, enabled: true }));
}

/** The member's tags: the campaign and the placement it came through, so the owner can segment (Mailchimp caps a tag at 100 characters). */
export function tagsOf(lead: SyncLead) {
  return [lead.campaignTitle, lead.placementName].filter((name): name is string => Boolean(name?.trim())).map((name) => name.trim().slice(0, 100));
}

export const mailchimp: SyncProvider = {
  id: "mailchimp",
  label: LABEL,
  needsMarketingConsent: true,
  destinationNoun: "audience",
  missingConfiguration() {
    const env = getEnv();
    return [env.MAILCHIMP_CLIENT_ID ? null : "MAILCHIMP_CLIENT_ID", env.MAILCHIMP_CLIENT_SECRET ? null : "MAILCHIMP_CLIENT_SECRET"].filter(
      (name): name is string => name !== null,
    );
  },
  authorizeUrl({ state, redirectUri }) {
    const query = new URLSearchParams({ response_type: "code", client_id: getEnv().MAILCHIMP_CLIENT_ID ?? "", redirect_uri: redirectUri, state });
    return `${loginBase()}/oauth2/authorize?${query}`;
  },
  async exchangeCode({ code, redirectUri }) {
    const env = getEnv();
    const token = await callProvider<{ access_token?: unknown } | null>(`${loginBase()}/oauth2/token`, {
      label: LABEL,
      form: {
        grant_type: "authorization_code",
        client_id: env.MAILCHIMP_CLIENT_ID ?? "",
        client_secret: env.MAILCHIMP_CLIENT_SECRET ?? "",
        redirect_uri: redirectUri,
        code,
      },
    });
    if (typeof token?.access_token !== "string") throw unreadableAnswer(LABEL, { call: "token" });
    // The account's data centre is known only from the metadata answer.
    const metadata = await callProvider<{ api_endpoint?: unknown; accountname?: string } | null>(`${loginBase()}/oauth2/metadata`, {
      label: LABEL,
      headers: { authorization: `OAuth ${token.access_token}` },
    });
    if (typeof metadata?.api_endpoint !== "string") throw unreadableAnswer(LABEL, { call: "metadata" });
    return {
      accessToken: token.access_token,
      refreshToken: null,
      expiresAt: null,
      apiEndpoint: metadata.api_endpoint,
      accountName: typeof metadata.accountname === "string" ? metadata.accountname : "",
    };
  },
  // Mailchimp's tokens do not expire and come without a refresh token.
  refresh: null,
  // Mailchimp documents no revocation endpoint: the owner removes the app in their Mailchimp account;
  // we forget the token.
  async revoke() {},
  async listDestinations(connection) {
    const found: Array<{ id: string; name: string }> = [];
    // Mailchimp answers at most 1,000 audiences a page (10 unless asked): page on until `total_items`.
    for (let offset = 0; offset < LISTS_PAGE * MAX_LIST_PAGES; offset += LISTS_PAGE) {
      const answer = await callProvider<{ lists?: Array<{ id: string; name: string }>; total_items?: unknown } | null>(
        api(connection, `/lists?count=${LISTS_PAGE}&offset=${offset}&fields=lists.id,lists.name,total_items`),
        { label: LABEL, headers: bearer(connection.accessToken) },
      );
      if (!Array.isArray(answer?.lists) || typeof answer.total_items !== "number") throw unreadableAnswer(LABEL, { call: "lists" });
      found.push(...answer.lists.map((list) => ({ id: String(list.id), name: String(list.name) })));
      if (answer.lists.length < LISTS_PAGE || found.length >= answer.total_items) break;
    }
    return found;
  },
  createDestination: null,
  useExisting: null,
  pushLead,
  async removeLead(connection, copy) {
    const url = api(connection, `/lists/${encodeURIComponent(copy.remoteKey)}/members/${copy.remoteRow}/actions/delete-permanent`);
    try {
      await callProvider(url, { label: LABEL, method: "POST", headers: bearer(connection.accessToken) });
    } catch (error) {
      // Already gone (deleted in Mailchimp, or never stored): nothing left to erase.
      if (!(error instanceof ProviderError && error.kind === "gone")) throw error;
    }
  },
};
