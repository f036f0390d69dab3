// The sync providers LeadQR offers, in the order the settings page shows them.
import type { ProviderId, SyncProvider } from "./provider";
import { googleSheets } from "./google-sheets.server";
import { mailchimp } from "./mailchimp.server";

export const SYNC_PROVIDERS: readonly SyncProvider[] = [mailchimp, googleSheets];

export function providerOf(id: string): SyncProvider | undefined {
  return SYNC_PROVIDERS.find((provider) => provider.id === (id as ProviderId));
}
