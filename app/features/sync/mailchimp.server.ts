// Mailchimp audiences (decision 402): OAuth 2 at the login server, then its metadata for the
// account's API address; members upserted by the md5 of the address, so retries never duplicate.
import crypto from "node:crypto";
import { getEnv } from "~/utils/env.server";
import { callProvider, unreadableAnswer } from "./provider-http.server";
import { ProviderError, type LiveConnection, type PushOutcome, type SyncLead, type SyncProvider } from "./provider";

const LABEL = "Mailchimp";
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
  const headers = bearer(connection.accessToken);
  const upserted = await callProvider<MemberAnswer>(member, {
    label: LABEL,
    method: "PUT",
    headers,
    json: { email_address: lead.email, status_if_new: "subscribed", status: "subscribed", merge_fields: lead.name ? { FNAME: lead.name } : {} },
  });
  const permissions = emailPermissionsToGrant(upserted);
  if (permissions.length > 0) await callProvider(member, { label: LABEL, method: "PATCH", headers, json: { marketing_permissions: permissions } });
  if (!held) {
    await callProvider(`${member}/notes`, { label: LABEL, headers, json: { note: consentNote(lead) } });
    const tags = tagsOf(lead);
    if (tags.length > 0)
      await callProvider(`${member}/tags`, { label: LABEL, headers, json: { tags: tags.map((name) => ({ name, status: "active" })) } });
  }
  return { sent, note: permissions.length > 0 ? "Subscribed, with email marketing permission." : "Subscribed." };
}

type MemberAnswer = { marketing_permissions?: Array<{ marketing_permission_id: string; text?: string; enabled?: boolean }> } | null;

/**
 * A GDPR-enabled audience answers the member with its marketing permissions (decision 402): the
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
    const answer = await callProvider<{ lists: Array<{ id: string; name: string }> }>(
      api(connection, "/lists?count=100&fields=lists.id,lists.name"),
      {
        label: LABEL,
        headers: bearer(connection.accessToken),
      },
    );
    if (!Array.isArray(answer?.lists)) throw unreadableAnswer(LABEL, { call: "lists" });
    return answer.lists.map((list) => ({ id: String(list.id), name: String(list.name) }));
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
