// Deletes uploads nothing refers to: logos are referred to by campaigns,
// banners by blog posts. Every process runs the job; rows are claimed with FOR UPDATE SKIP LOCKED,
// so two processes never work on the same upload and neither waits for the other.
// Rules: docs/features/campaigns-and-print.md ("Uploads").
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { logger } from "~/utils/logger.server";
import { getServices, onShutdown } from "~/utils/services.server";
import { UNREFERENCED_UPLOAD_TTL_HOURS } from "./limits";
import { removeStoredUpload } from "./storage.server";

export const UPLOAD_CLEANUP_DEFAULTS = { everyMs: 60 * 60_000, batchSize: 100, olderThanHours: UNREFERENCED_UPLOAD_TTL_HOURS };

/**
 * One pass: claims up to `batchSize` unreferenced uploads older than `olderThanHours`, removes
 * their files (local disk or S3), then their rows. Resolves to the keys deleted. A file removed
 * whose row survives (a crash before commit) is removed again next time: removal is idempotent.
 */
export async function deleteUnreferencedUploads(
  db: Database,
  options: Partial<Omit<typeof UPLOAD_CLEANUP_DEFAULTS, "everyMs">> & { remove?: (key: string) => Promise<void> } = {},
): Promise<string[]> {
  const { batchSize, olderThanHours } = { ...UPLOAD_CLEANUP_DEFAULTS, ...options };
  const remove = options.remove ?? removeStoredUpload;
  return db.transaction(async (tx) => {
    // Stored URLs end with the key (local `/uploads/<key>` or the S3 public URL).
    const claimed = await tx.execute(sql`
      select u.key from upload u
       where u.created_at < now() - make_interval(hours => ${olderThanHours})
         and not exists (select 1 from campaign c where substring(c.qr_logo_url from '(qr-logos/[^/]+)$') = u.key)
         and not exists (select 1 from blog_post p where substring(p.banner_image_url from '(blog-banners/[^/]+)$') = u.key)
       order by u.created_at
       limit ${batchSize}
       for update of u skip locked`);
    const keys = (claimed as unknown as { rows: Array<{ key: string }> }).rows.map((row) => row.key);
    if (keys.length === 0) return [];
    for (const key of keys) await remove(key);
    await tx.execute(
      sql`delete from upload where key in (${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )})`,
    );
    return keys;
  });
}

type CleanupRegistry = { timer?: NodeJS.Timeout };
const registry: CleanupRegistry = ((globalThis as { __leadqrUploadCleanup?: CleanupRegistry }).__leadqrUploadCleanup ??= {});

/** Starts this process's hourly cleanup once (first pass a few minutes after start); stops before the database closes. */
export async function startUploadCleanup(options: { everyMs?: number } = {}) {
  if (registry.timer) return;
  const { db } = await getServices();
  const everyMs = options.everyMs ?? UPLOAD_CLEANUP_DEFAULTS.everyMs;
  let running: Promise<void> | undefined;
  const pass = () => {
    if (running) return;
    running = (async () => {
      try {
        for (;;) {
          const deleted = await deleteUnreferencedUploads(db);
          if (deleted.length > 0) logger.info({ count: deleted.length }, "unreferenced uploads deleted");
          if (deleted.length < UPLOAD_CLEANUP_DEFAULTS.batchSize) break;
        }
      } catch (error) {
        logger.warn({ err: error }, "upload cleanup pass failed; retrying at the next one");
      } finally {
        running = undefined;
      }
    })();
  };
  // Spread over the interval, so processes started together do not all scan at once.
  const first = setTimeout(pass, Math.min(everyMs, 5 * 60_000) * (0.5 + Math.random() / 2));
  first.unref();
  registry.timer = setInterval(pass, everyMs);
  registry.timer.unref();
  onShutdown(async () => {
    clearTimeout(first);
    clearInterval(registry.timer);
    registry.timer = undefined;
    await running;
  });
}
