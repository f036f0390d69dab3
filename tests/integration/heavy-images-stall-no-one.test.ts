// One small upload must not stall every tenant (issue 11, finding 1): images are decoded under a
// pixel budget and normalised once at upload, QR codes are composited off the event loop, and
// QR downloads are rate-limited. "Stalled" is measured as the event loop's longest delay while
// the work runs, and as /healthz answering meanwhile; bounds are loose on purpose.
import fs from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { MAX_INPUT_PIXELS, STORED_MAX_SIDE } from "~/features/uploads/limits";
import * as healthz from "~/routes/healthz";
import * as logoRoute from "~/routes/api.logo";
import * as qrRoute from "~/routes/qr-code";
import * as uploadsRoute from "~/routes/uploads";
import { RATE_LIMITS } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import { hugePng } from "../support/huge-png";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";

// Loose: the machine may be busy; the behaviour this guards against stalled for seconds.
const STALL_BOUND_MS = 1_000;
let bomb: Buffer;

beforeAll(async () => {
  bomb = await hugePng(8000, 8000);
  expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
}, 120_000);

/** Runs `work` while polling /healthz; reports the event loop's longest stall and health latencies. */
async function whileServing<T>(work: () => Promise<T>) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const health: number[] = [];
  let done = false;
  const poll = (async () => {
    while (!done) {
      const started = performance.now();
      const response = (await callRoute(healthz.loader, makeRequest("/healthz"))).response!;
      expect(response.status).toBe(200);
      health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  const result = await work();
  const elapsed = performance.now() - started;
  done = true;
  await poll;
  histogram.disable();
  return { result, elapsed, maxStallMs: histogram.max / 1e6, health };
}

const upload = (cookie: string, bytes: Buffer, name = "logo.png", type = "image/png") =>
  callRoute(logoRoute.action, makeRequest("/api/logo", { cookie, form: { logo: new File([new Uint8Array(bytes)], name, { type }) } }));

async function storedImage(url: string) {
  const served = (await callRoute(uploadsRoute.loader, makeRequest(url), { "*": url.replace("/uploads/", "") })).response!;
  return { bytes: Buffer.from(await served.arrayBuffer()), contentType: served.headers.get("content-type") };
}

function decodeQr(bytes: Buffer) {
  const png = PNG.sync.read(bytes);
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

describe("logo uploads", () => {
  it("refuse an 8000×8000 16-bit PNG from its header, at once, while /healthz keeps answering", async () => {
    const owner = await createUser();
    const { result, elapsed, maxStallMs, health } = await whileServing(() => upload(owner.cookie, bomb));
    expect(result.status).toBe(400);
    expect(result.data).toEqual({
      ok: false,
      error: `Logo image is too large. Please use one of at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
    });
    expect(elapsed).toBeLessThan(3_000);
    expect(maxStallMs).toBeLessThan(STALL_BOUND_MS);
    expect(health.length).toBeGreaterThan(0);
    const { db } = await getServices();
    expect(await db.select().from(schema.upload)).toEqual([]);
  });

  it("normalise a large photo off the event loop: at most 512 px, PNG, upright, nothing but pixels kept", async () => {
    const owner = await createUser();
    // 6000×4000 with EXIF orientation 6 (shot rotated), camera metadata, and a payload after the image.
    const photo = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: "#c02020" } })
      .jpeg({ quality: 80 })
      .withExif({ IFD0: { Make: "SecretCam", Copyright: "GPS 48.85,2.35" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    expect(photo.toString("latin1")).toContain("SecretCam");
    const withTrailer = Buffer.concat([photo, Buffer.from("PK\u0003\u0004hidden-archive-payload")]);
    const { result, maxStallMs } = await whileServing(() => upload(owner.cookie, withTrailer, "photo.jpg", "image/jpeg"));
    expect(result.status).toBe(200);
    expect(maxStallMs).toBeLessThan(STALL_BOUND_MS);
    const stored = await storedImage(result.data.url);
    expect(stored.contentType).toBe("image/png");
    const meta = await sharp(stored.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([
      "png",
      Math.round((STORED_MAX_SIDE["qr-logos"] * 4000) / 6000),
      STORED_MAX_SIDE["qr-logos"],
    ]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.bytes.toString("latin1")).not.toMatch(/SecretCam|hidden-archive-payload|GPS/);
  });
});

describe("QR code downloads", () => {
  it("stay fast and decodable with a huge logo stored before uploads were normalised, three at once", async () => {
    const owner = await createUser();
    const key = `qr-logos/${Date.now()}-00000000deadbeef.png`;
    fs.mkdirSync(path.join(process.env.DATA_DIR!, "uploads", "qr-logos"), { recursive: true });
    fs.writeFileSync(path.join(process.env.DATA_DIR!, "uploads", key), bomb);
    const { db } = await getServices();
    await db.insert(schema.upload).values({ key, userId: owner.id, contentType: "image/png", size: bomb.length });
    const campaign = await createCampaignRow(owner.id, { qrLogoUrl: `/uploads/${key}` });
    const download = () =>
      callRoute(qrRoute.loader, makeRequest(`/campaigns/${campaign.id}/qr.png`, { cookie: owner.cookie }), {
        campaignId: campaign.id,
      }).then((answer) => answer.response!);

    const { result, elapsed, maxStallMs } = await whileServing(() => Promise.all([download(), download(), download()]));
    expect(result.map((response) => response.status)).toEqual([200, 200, 200]);
    for (const response of result)
      expect(decodeQr(Buffer.from(await response.arrayBuffer()))).toMatch(/^HTTP:\/\/LOCALHOST:3000\/Q\/[2-9A-HJ-NP-Z]{6}$/);
    expect(elapsed).toBeLessThan(5_000);
    expect(maxStallMs).toBeLessThan(STALL_BOUND_MS);
  });

  it("are rate-limited per user with a readable 429", async () => {
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    const download = () =>
      callRoute(qrRoute.loader, makeRequest(`/campaigns/${campaign.id}/qr.png`, { cookie: owner.cookie }), {
        campaignId: campaign.id,
      }).then((answer) => answer.response!);
    for (let i = 0; i < RATE_LIMITS.qrByUser.points; i++) expect((await download()).status).toBe(200);
    const refused = await download();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toBe("Too many QR code downloads. Please wait a moment and try again.");
    // Another owner is not affected.
    const other = await createUser();
    const theirs = await createCampaignRow(other.id);
    expect(
      (await callRoute(qrRoute.loader, makeRequest(`/campaigns/${theirs.id}/qr.png`, { cookie: other.cookie }), { campaignId: theirs.id })).response!
        .status,
    ).toBe(200);
  });
});
