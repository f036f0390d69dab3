// The owner's leads as a CSV file: the current view of the leads list, streamed.
import { once } from "node:events";
import { PassThrough } from "node:stream";
import { stringify } from "csv-stringify/sync";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { consentStatusOf, type ConsentMode } from "~/features/consent/consent";
import { REDEEMED_AT_JOIN_SQL, REDEEMED_AT_SQL } from "~/features/redeem/offer-codes.server";
import { logger } from "~/utils/logger.server";
import { CSV_COLUMNS, csvRow, type CsvConsent } from "./leads";
import { listVisibleLeadIds, onlyIds, viewFilter, type Owner, type ViewQuery } from "./leads.server";

const CSV_BATCH = 1_000;

export type StreamLeadsCsvOptions = Owner & { query: ViewQuery };

/**
 * The current view as CSV, streamed from a server-side cursor in batches (constant memory).
 * Free owners get only the leads they see unmasked, so a masked value never leaves.
 */
export async function streamLeadsCsv(db: Database, options: StreamLeadsCsvOptions) {
  const visible = options.isPro ? null : await listVisibleLeadIds(db, { userId: options.userId });
  const filter = viewFilter(options.query, visible, options.placementIds);
  const onlyVisible = visible === null ? sql`` : sql` and ${onlyIds(visible)}`;

  const csv = new PassThrough();
  const toCsv = (records: string[][]) => stringify(records, { record_delimiter: "windows" });
  // The byte order mark makes spreadsheet programs read the file as UTF-8.
  csv.write(`\uFEFF${toCsv([[...CSV_COLUMNS]])}`);

  const pump = async () => {
    await db.transaction(async (tx) => {
      // The whole result is read: plan for total time, not for the first rows (cursor default).
      await tx.execute(sql`set local cursor_tuple_fraction = 1.0`);
      await tx.execute(sql`
        declare leads_csv no scroll cursor for
        select l.name, l.email, l.phone, c.title as campaign, p.name as placement,
          (extract(epoch from l.collected_at) * 1000)::float8 as "collectedAt",
          lc.mode, lc.ticked, w.text as wording, w.language, lc.client_address as "clientAddress", lc.user_agent as "userAgent",
          (extract(epoch from lc.given_at) * 1000)::float8 as "givenAt",
          (extract(epoch from lc.confirmed_at) * 1000)::float8 as "confirmedAt",
          lc.confirmed_address as "confirmedAddress",
          (extract(epoch from lc.withdrawn_at) * 1000)::float8 as "withdrawnAt",
          ${REDEEMED_AT_SQL} as "redeemedAt", o.redeemed_by as "redeemedBy", o.redeemed_location as "redeemedLocation"
        from lead l join campaign c on c.id = l.campaign_id
        left join placement p on p.id = l.placement_id
        left join lead_consent lc on lc.lead_id = l.id
        left join consent_wording w on w.id = lc.wording_id
        ${REDEEMED_AT_JOIN_SQL}
        where c.user_id = ${options.userId}${filter.campaign}${filter.lead}${onlyVisible}
        order by l.collected_at desc, l.id desc`);
      for (;;) {
        const rows = rowsOf<CsvLeadRow>(await tx.execute(sql.raw(`fetch forward ${CSV_BATCH} from leads_csv`)));
        if (rows.length > 0) {
          const chunk = toCsv(
            rows.map((row) =>
              csvRow({
                name: row.name,
                email: row.email,
                phone: row.phone,
                campaign: row.campaign,
                placement: row.placement,
                collectedAt: new Date(Number(row.collectedAt)),
                consent: csvConsentOf(row),
                redeemedAt: row.redeemedAt === null ? null : new Date(Number(row.redeemedAt)),
                redeemedBy: row.redeemedBy,
                redeemedLocation: row.redeemedLocation,
              }),
            ),
          );
          if (!csv.write(chunk)) await drained(csv);
          if (csv.destroyed) throw new DownloadAbortedError();
        }
        if (rows.length < CSV_BATCH) break;
      }
    });
    csv.end();
  };
  pump().catch((error) => {
    if (!(error instanceof DownloadAbortedError)) logger.error({ err: error }, "CSV export failed");
    csv.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return csv;
}

type CsvLeadRow = {
  name: string;
  email: string;
  phone: string | null;
  campaign: string;
  placement: string | null;
  collectedAt: number;
  mode: ConsentMode | null;
  ticked: boolean | null;
  wording: string | null;
  language: string | null;
  clientAddress: string | null;
  userAgent: string | null;
  givenAt: number | null;
  confirmedAt: number | null;
  confirmedAddress: string | null;
  withdrawnAt: number | null;
  redeemedAt: number | null;
  redeemedBy: string | null;
  redeemedLocation: string | null;
};

function csvConsentOf(row: CsvLeadRow): CsvConsent | undefined {
  if (!row.mode) return undefined;
  const instant = (value: number | null) => (value === null ? null : new Date(Number(value)));
  return {
    status: consentStatusOf({
      mode: row.mode,
      ticked: Boolean(row.ticked),
      confirmedAt: instant(row.confirmedAt),
      withdrawnAt: instant(row.withdrawnAt),
    }),
    wording: row.wording,
    language: row.language,
    givenAt: instant(row.givenAt),
    clientAddress: row.clientAddress,
    userAgent: row.userAgent,
    confirmedAt: instant(row.confirmedAt),
    confirmedAddress: row.confirmedAddress,
    withdrawnAt: instant(row.withdrawnAt),
  };
}

class DownloadAbortedError extends Error {}

/** Resolves when the reader wants more, or when it went away (then the export stops). */
function drained(stream: NodeJS.WritableStream & { destroyed: boolean }) {
  if (stream.destroyed) return Promise.resolve();
  const controller = new AbortController();
  return Promise.race([once(stream, "drain", { signal: controller.signal }), once(stream, "close", { signal: controller.signal })])
    .catch(() => {})
    .finally(() => controller.abort());
}
