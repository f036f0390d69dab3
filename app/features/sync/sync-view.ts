// What the lead sync page shows, shared by its loader and its components.
// Rules: docs/features/lead-sync.md ("Backfill on request").

export type SyncProviderView = {
  id: string;
  label: string;
  destinationNoun: string;
  canCreate: boolean;
  needsMarketingConsent: boolean;
  missingConfiguration: string[];
  connection: {
    status: "active" | "broken";
    brokenReason: string | null;
    accountName: string;
    destinationName: string | null;
    lastSyncAt: string | null;
    failures: number;
    campaignsOff: string[];
    /** Existing leads not yet sent, and the progress of "Send my existing leads". */
    backfill: { waiting: number; queued: number; done: number } | null;
  } | null;
  /** The account's destinations to choose from, when the page offers the choice. */
  destinations?: Array<{ id: string; name: string }>;
  destinationsError?: string;
};

export type SyncLogView = { id: string; provider: string; at: string; lead: string; status: string; result: string | null; attempts: number };

/** "1 existing lead", "12 existing leads". */
export const leadsWord = (count: number) => `${count} existing ${count === 1 ? "lead" : "leads"}`;
