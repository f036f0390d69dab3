// Uploads nothing refers to are deleted once a day old (issue 11, finding 6), safely when several
// processes run the job, and the too-many-uploads answer is a message the wizard can show.
import fs from "node:fs";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { deleteUnreferencedUploads } from "~/features/uploads/cleanup.server";
import * as logoRoute from "~/routes/api.logo";
import { RATE_LIMITS } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { insertPost, pngFile } from "../support/admin-support";

const uploadsDir = () => path.join(process.env.DATA_DIR!, "uploads");

async function uploadLogo(cookie: string) {
  const result = await callRoute(logoRoute.action, makeRequest("/api/logo", { cookie, form: { logo: pngFile("logo.png", 40, 40) } }));
  expect(result.status).toBe(200);
  return result.data.url;
}

const keyOf = (url: string) => url.replace(/^\/uploads\//, "");

async function age(keys: string[], hours: number) {
  const { db } = await getServices();
  await db.execute(
    sql`update upload set created_at = now() - make_interval(hours => ${hours}) where key in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})`,
  );
}

async function storedKeys(keys: string[]) {
  const { db } = await getServices();
  const rows = await db.select({ key: schema.upload.key }).from(schema.upload).where(inArray(schema.upload.key, keys));
  return rows.map((row) => row.key).sort();
}

describe("the upload cleanup", () => {
  it("deletes unreferenced uploads older than a day, file and row, and keeps everything else", async () => {
    const owner = await createUser();
    const admin = await createUser({ role: "admin" });
    const [usedLogo, orphanLogo, freshLogo] = [await uploadLogo(owner.cookie), await uploadLogo(owner.cookie), await uploadLogo(owner.cookie)];
    const { db } = await getServices();
    const banner = (key: string) => `/uploads/${key}`;
    const usedBanner = `blog-banners/${Date.now()}-aaaaaaaaaaaaaaaa.png`;
    const orphanBanner = `blog-banners/${Date.now()}-bbbbbbbbbbbbbbbb.png`;
    for (const key of [usedBanner, orphanBanner]) {
      fs.mkdirSync(path.join(uploadsDir(), "blog-banners"), { recursive: true });
      fs.writeFileSync(path.join(uploadsDir(), key), "png");
      await db.insert(schema.upload).values({ key, userId: admin.id, contentType: "image/png", size: 3 });
    }
    await createCampaignRow(owner.id, { qrLogoUrl: usedLogo });
    await insertPost({ title: "With banner", bannerImageUrl: banner(usedBanner) });
    const all = [keyOf(usedLogo), keyOf(orphanLogo), keyOf(freshLogo), usedBanner, orphanBanner];
    await age([keyOf(usedLogo), keyOf(orphanLogo), usedBanner, orphanBanner], 25);
    await age([keyOf(freshLogo)], 23);

    const deleted = await deleteUnreferencedUploads(db);
    expect(deleted.sort()).toEqual([keyOf(orphanLogo), orphanBanner].sort());
    expect(await storedKeys(all)).toEqual([keyOf(usedLogo), keyOf(freshLogo), usedBanner].sort());
    for (const key of all) expect({ key, onDisk: fs.existsSync(path.join(uploadsDir(), key)) }).toEqual({ key, onDisk: !deleted.includes(key) });
    // Nothing left to do: a second pass deletes nothing.
    expect(await deleteUnreferencedUploads(db)).toEqual([]);
  });

  it("a logo stored with its S3 address counts as referenced too", async () => {
    const owner = await createUser();
    const url = await uploadLogo(owner.cookie);
    await createCampaignRow(owner.id, { qrLogoUrl: `https://cdn.example.com/leadqr/${keyOf(url)}` });
    await age([keyOf(url)], 48);
    const { db } = await getServices();
    expect(await deleteUnreferencedUploads(db)).not.toContain(keyOf(url));
    expect(await storedKeys([keyOf(url)])).toEqual([keyOf(url)]);
  });

  it("two passes at once delete each upload once", async () => {
    const owner = await createUser();
    const keys: string[] = [];
    for (let i = 0; i < 6; i++) keys.push(keyOf(await uploadLogo(owner.cookie)));
    await age(keys, 30);
    const { db } = await getServices();
    const removed: string[] = [];
    const slowRemove = async (key: string) => {
      removed.push(key);
      await new Promise((resolve) => setTimeout(resolve, 30));
    };
    const [first, second] = await Promise.all([
      deleteUnreferencedUploads(db, { batchSize: 4, remove: slowRemove }),
      deleteUnreferencedUploads(db, { batchSize: 4, remove: slowRemove }),
    ]);
    const third = await deleteUnreferencedUploads(db, { remove: slowRemove });
    const all = [...first, ...second, ...third];
    expect(all.filter((key) => keys.includes(key)).sort()).toEqual([...keys].sort());
    expect(new Set(removed).size).toBe(removed.length);
    expect(await storedKeys(keys)).toEqual([]);
  });

  it("keeps the rows when removing a file fails, so the next pass tries again", async () => {
    const owner = await createUser();
    const key = keyOf(await uploadLogo(owner.cookie));
    await age([key], 30);
    const { db } = await getServices();
    await expect(deleteUnreferencedUploads(db, { remove: async () => Promise.reject(new Error("storage down")) })).rejects.toThrow("storage down");
    expect(await storedKeys([key])).toEqual([key]);
    expect(await deleteUnreferencedUploads(db)).toContain(key);
  });
});

describe("too many uploads", () => {
  it("answers 429 with a message the wizard shows, after reading the upload", async () => {
    const owner = await createUser();
    const { db } = await getServices();
    // Spend the budget directly (30 real uploads would only slow the test down).
    await db
      .insert(schema.rateLimit)
      .values({ key: `uploadByUser:${owner.id}`, points: RATE_LIMITS.uploadByUser.points, expire: new Date(Date.now() + 60 * 60_000) });
    const request = makeRequest("/api/logo", { cookie: owner.cookie, form: { logo: pngFile("logo.png", 200, 200) } });
    const result = await callRoute(logoRoute.action, request);
    expect(result.status).toBe(429);
    expect(result.data).toEqual({ ok: false, error: "Too many uploads. Please wait a moment and try again." });
    expect(request.bodyUsed).toBe(true);
    expect((await db.select().from(schema.upload).where(eq(schema.upload.userId, owner.id))).length).toBe(0);
  });
});
