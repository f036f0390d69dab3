import { z } from "zod";
import { withoutNul } from "~/utils/text";

export const LEADS_PAGE_SIZE = 50;
export const SEARCH_MAX_LENGTH = 100;

/**
 * The leads screen's URL (and the CSV export's): bad values fall back to the defaults rather
 * than failing, since a URL is easy to mistype and nothing is written.
 */
export const LeadsQuerySchema = z.object({
  q: z
    .string()
    .transform((value) => withoutNul(value).trim().slice(0, SEARCH_MAX_LENGTH))
    .catch(""),
  campaign: z.uuid().optional().catch(undefined),
  placement: z.uuid().optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

export type LeadsQuery = z.infer<typeof LeadsQuerySchema>;

export function parseLeadsQuery(url: URL): LeadsQuery {
  return LeadsQuerySchema.parse({
    q: url.searchParams.get("q") ?? "",
    campaign: url.searchParams.get("campaign") || undefined,
    placement: url.searchParams.get("placement") || undefined,
    page: url.searchParams.get("page") ?? 1,
  });
}
