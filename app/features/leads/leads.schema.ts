// Rules: docs/features/counting.md ("Kept by the database").
import { z } from "zod";
import { cleanInput } from "~/utils/text";

export const LEADS_PAGE_SIZE = 50;
export const SEARCH_MAX_LENGTH = 100;
/**
 * A search counts its matches exactly up to this many (or up to the page asked for, if deeper);
 * past it the footer says "10,000+". Counting a term that half of 200k leads hold costs more than
 * a keystroke may.
 */
export const SEARCH_COUNT_CAP = 10_000;

/**
 * The leads screen's URL (and the CSV export's): bad values fall back to the defaults rather
 * than failing, since a URL is easy to mistype and nothing is written.
 */
export const LeadsQuerySchema = z.object({
  q: z
    .string()
    // Control characters are dropped: one of them separates the fields a search looks in.
    .transform((value) =>
      cleanInput(value)
        .replace(/\p{Cc}/gu, "")
        .trim()
        .slice(0, SEARCH_MAX_LENGTH),
    )
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
