// What every sync provider module does. A third provider (Brevo, Klaviyo, HubSpot)
// is one more module implementing `SyncProvider`, listed in providers.server.ts.
// Rules: docs/features/lead-sync.md ("The sync outbox").
import type { ConsentStatus } from "~/features/consent/consent";

export type ProviderId = "mailchimp" | "google_sheets";

export type ProviderTokens = {
  accessToken: string;
  refreshToken: string | null;
  /** Null: the token does not expire. */
  expiresAt: Date | null;
  /** Where this account's API answers, when the provider says so per account (Mailchimp). */
  apiEndpoint: string | null;
  accountName: string;
};

/** A connection as a provider module needs it: an access token that is fresh, and the chosen destination. */
export type LiveConnection = { accessToken: string; apiEndpoint: string | null; destinationId: string };

export type Destination = { id: string; name: string };

/** Where a destination keeps a lead: the destination's id and the lead's key in it (a member hash, a row range). */
export type RemoteCopy = { remoteKey: string; remoteRow: string };

export type SyncLead = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  campaignTitle: string;
  placementName: string | null;
  offerCode: string | null;
  collectedAt: Date;
  ownerTimeZone: string;
  consentStatus: ConsentStatus;
  /** The consent record as given: when, from where, the words the visitor saw, and a confirmation. */
  consent: {
    givenAt: Date;
    clientAddress: string | null;
    wording: string;
    /** The language the visitor read the wording in (`en`, `es`…). */
    language: string;
    confirmedAt: Date | null;
    confirmedAddress: string | null;
  } | null;
};

export type PushOutcome = { sent: RemoteCopy; note?: string } | { skipped: string };

/** Why a call failed, in words the owner reads in the sync log. */
export class ProviderError extends Error {
  constructor(
    message: string,
    /**
     * retry: try again later; auth: the connection needs the owner (reconnect, share the sheet again,
     * choose another), its message says which; refused: this lead will never go.
     */
    readonly kind: "retry" | "auth" | "gone" | "refused",
    readonly retryAfterMs?: number,
    /** The provider's own name for a refusal (Mailchimp's error `title`), for a module to recognise it. */
    readonly title?: string,
  ) {
    super(message);
  }
}

export type SyncProvider = {
  id: ProviderId;
  label: string;
  /** The environment variables still to set; empty when the operator configured this provider. */
  missingConfiguration(): string[];
  /** True when only leads with marketing consent may reach it (an audience); a sheet takes every lead. */
  needsMarketingConsent: boolean;
  /** The word for a destination, as the owner reads it ("audience", "sheet"). */
  destinationNoun: string;
  /** `codeVerifier`: this authorization's PKCE verifier, for a provider that takes its challenge (Google). */
  authorizeUrl(options: { state: string; redirectUri: string; codeVerifier: string }): string;
  exchangeCode(options: { code: string; redirectUri: string; codeVerifier: string }): Promise<ProviderTokens>;
  /** Null when the provider's tokens never expire. */
  refresh: ((refreshToken: string) => Promise<{ accessToken: string; expiresAt: Date | null; refreshToken?: string }>) | null;
  revoke(tokens: { accessToken: string; refreshToken: string | null }): Promise<void>;
  listDestinations(connection: Omit<LiveConnection, "destinationId">): Promise<Destination[]>;
  /** Creates a destination for the business (a new sheet with its header row); null when the provider cannot. */
  createDestination: ((connection: Omit<LiveConnection, "destinationId">, name: string) => Promise<Destination>) | null;
  /** Takes an existing destination the owner names (a sheet's link or id), made ready for leads; null when the provider lists its own. */
  useExisting: ((connection: Omit<LiveConnection, "destinationId">, reference: string) => Promise<Destination>) | null;
  /** Sends the lead's current state; `previous` is what this destination already holds of it. */
  pushLead(connection: LiveConnection, lead: SyncLead, previous: RemoteCopy | null): Promise<PushOutcome>;
  /** Removes an erased lead's copy; `skipped` says why nothing was touched (its copy could not be found for certain). */
  removeLead(connection: Omit<LiveConnection, "destinationId">, copy: RemoteCopy): Promise<void | { skipped: string }>;
};
