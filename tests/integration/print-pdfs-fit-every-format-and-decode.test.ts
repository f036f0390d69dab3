// Issue 28 items 2-4: print-ready PDFs rendered by poppler, their codes decoded by jsQR, their
// text read by pdftotext; the print check's refusals; bad input; the per-owner budget.
import fs from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { updateBusinessName } from "~/features/account/account.server";
import { createPlacement } from "~/features/placements/placements.server";
import { FORMAT_SPECS, type Paper, type PrintFormat } from "~/features/print/print";
import type { PlanItem } from "~/features/print/print-layout";
import { getPrintSheet, parsePrintOptions } from "~/features/print/print.server";
import * as logoRoute from "~/routes/api.logo";
import * as printPageRoute from "~/routes/campaign-print";
import * as qrRoute from "~/routes/qr-code";
import { RATE_LIMITS } from "~/utils/rate-limit.server";
import { printCheckIn } from "~/features/print/print-check-words.server";
import { getServices } from "~/utils/services.server";
import { hugePng } from "../support/huge-png";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { createCampaignFor } from "../support/campaigns-support";
import { crop, decodeCode, pdfFontsAndImages, pdfPageCount, pdfText, printPdf, RENDER_DPI, renderFirstPage } from "../support/print-support";

const OFFER = "20% off any drink é ü ø ł";
const APP_ORIGIN = "http://localhost:3000";

async function ownerWithPlacement(overrides: Record<string, string> = {}) {
  const owner = await createUser();
  const campaignId = await createCampaignFor(owner, { discount: OFFER, minOrder: "On orders over $10", ...overrides });
  const { db } = await getServices();
  const placement = (await createPlacement(db, { userId: owner.id, campaignId, name: "Window poster" }))!;
  await updateBusinessName(db, { userId: owner.id, name: "Café Ørsted Łódź" });
  return { owner, campaignId, placement };
}

async function sheetOf(owner: { id: string }, campaignId: string, query: Record<string, string>, appOrigin = APP_ORIGIN) {
  const { db } = await getServices();
  return (await getPrintSheet(db, { userId: owner.id, campaignId, options: parsePrintOptions(query), appOrigin }))!;
}

/** The page regions (in pixels at RENDER_DPI) holding each code with its quiet zone, upright ones first. */
function codeRegions(items: PlanItem[], turned: PlanItem[], page: { width: number; height: number }) {
  const px = (points: number) => (points / 72) * RENDER_DPI;
  const blocks = (list: PlanItem[]) => list.filter((item): item is Extract<PlanItem, { kind: "rect" }> => item.kind === "rect");
  return [
    ...blocks(items).map((block) => ({ x: px(block.x), y: px(block.y), width: px(block.width), height: px(block.height) })),
    ...blocks(turned).map((block) => ({
      x: px(page.width - block.x - block.width),
      y: px(page.height - block.y - block.height),
      width: px(block.width),
      height: px(block.height),
    })),
  ];
}

/** The text boxes never leave the sheet, and no two of them overlap. */
function expectTextInsideSheet(items: PlanItem[], page: { width: number; height: number }) {
  for (const item of items) {
    if (item.kind !== "text") continue;
    for (const line of item.lines) {
      expect(line.width).toBeLessThanOrEqual(item.width + 0.01);
      expect(line.baseline).toBeGreaterThan(0);
      expect(line.baseline).toBeLessThan(page.height);
    }
    expect(item.x).toBeGreaterThanOrEqual(0);
    expect(item.x + item.width).toBeLessThanOrEqual(page.width);
  }
}

// Rendering and decoding whole pages is slow on a busy machine: generous time, nothing timed.
describe("print-ready PDFs", { timeout: 240_000 }, () => {
  const cases: Array<[PrintFormat, Paper]> = [
    ["poster", "letter"],
    ["poster", "a4"],
    ["flyer", "letter"],
    ["flyer", "a4"],
    ["tent", "letter"],
    ["sticker", "a4"],
  ];

  it.each(cases)("a %s on %s: its codes open this placement, are wide enough on paper, and its offer is real text", async (format, paper) => {
    const { owner, campaignId, placement } = await ownerWithPlacement();
    const query = { format, paper, placement: placement.id };
    const response = await printPdf(owner.cookie, campaignId, query);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Summer Coffee Special - Window poster-${format}.pdf"; filename*=UTF-8''${encodeURIComponent(`Summer Coffee Special - Window poster-${format}.pdf`)}`,
    );
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdfPageCount(pdf)).toBe(1);

    // The code encodes what the placement's PNG encodes: one function gives every printed form its URL.
    const pngResponse = (
      await callRoute(qrRoute.loader, makeRequest(`/campaigns/${campaignId}/placements/${placement.id}/qr.png`, { cookie: owner.cookie }), {
        campaignId,
        placementId: placement.id,
      })
    ).response!;
    const png = PNG.sync.read(Buffer.from(await pngResponse.arrayBuffer()));
    const expectedUrl = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)!.data;
    expect(expectedUrl.toLowerCase()).toContain(APP_ORIGIN);

    const sheet = await sheetOf(owner, campaignId, query);
    const page = renderFirstPage(pdf);
    expect(Math.abs(page.width - (sheet.plan!.width / 72) * RENDER_DPI)).toBeLessThanOrEqual(1);
    const regions = codeRegions(sheet.plan!.items, sheet.plan!.turnedItems, sheet.plan!);
    expect(regions.length).toBe(format === "tent" ? 2 : format === "sticker" ? 14 : 1);
    // Every code on a tent (both faces); the first and last label of a sticker sheet.
    for (const region of format === "sticker" ? [regions[0]!, regions.at(-1)!] : regions) {
      const found = decodeCode(crop(page, { x: region.x - 10, y: region.y - 10, width: region.width + 20, height: region.height + 20 }));
      expect(found?.text).toBe(expectedUrl);
      expect(found!.widthCm).toBeGreaterThanOrEqual(FORMAT_SPECS[format].minCodeCm);
      expect(found!.widthCm).toBeCloseTo(FORMAT_SPECS[format].codeCm, 0);
    }

    const text = pdfText(pdf);
    // pdftotext guesses word gaps from glyph positions and may drop a space between one-letter words.
    const squeezed = (value: string) => value.replace(/\s+/g, "");
    expect(squeezed(text)).toContain(squeezed(OFFER));
    // The call to action stands on its own: the offer is never spliced into it.
    expect(squeezed(text)).toContain(squeezed("Scan to claim this offer"));
    expect(text).toContain("Café Ørsted Łódź");
    expect(text).toContain("Summer Coffee Special · Window poster");
    expect(text.replace(/ /g, "")).toContain(expectedUrl.replace(/^https?:\/\//i, ""));
    if (format !== "sticker") expect(text).toContain("On orders over $10");

    const { fonts, images } = pdfFontsAndImages(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    // name type encoding emb sub uni: every font embedded and subset (the name has a subset tag).
    for (const font of fonts) expect(font).toMatch(/^[A-Z]{6}\+DejaVuSans\S*\s.*\syes\s+yes\s+yes\s/);
    // The code is drawn as vector paths: no bitmap anywhere without a logo.
    expect(images).toEqual([]);
    expectTextInsideSheet([...sheet.plan!.items, ...sheet.plan!.turnedItems], sheet.plan!);
  });

  it("prints the campaign's own code by default: a poster on US Letter, in the campaign's colour", async () => {
    const { owner, campaignId } = await ownerWithPlacement();
    const response = await printPdf(owner.cookie, campaignId);
    expect(response.status).toBe(200);
    const pdf = Buffer.from(await response.arrayBuffer());
    const page = renderFirstPage(pdf);
    expect([page.width, page.height]).toEqual([Math.round(8.5 * RENDER_DPI), 11 * RENDER_DPI]);
    const campaignPng = (
      await callRoute(qrRoute.loader, makeRequest(`/campaigns/${campaignId}/qr.png`, { cookie: owner.cookie }), {
        campaignId,
      })
    ).response!;
    const png = PNG.sync.read(Buffer.from(await campaignPng.arrayBuffer()));
    expect(decodeCode(page)?.text).toBe(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)!.data);
    expect(pdfText(pdf)).toContain("Summer Coffee Special · campaign code");
    // Ocean Blue modules (#1E40AF) somewhere in the code.
    const sheet = await sheetOf(owner, campaignId, {});
    expect(sheet.codeColor).toBe("#1E40AF");
    const code = sheet.plan!.items.find((item) => item.kind === "code")!;
    const firstModule = { x: Math.round(((code.x + 1) / 72) * RENDER_DPI), y: Math.round(((code.y + 1) / 72) * RENDER_DPI) };
    const offset = (firstModule.y * page.width + firstModule.x) * 4;
    expect(Array.from(page.data.subarray(offset, offset + 3))).toEqual([0x1e, 0x40, 0xaf]);
  });

  it("draws the logo inside what level H restores, and the code still decodes", async () => {
    const owner = await createUser();
    const logo = await sharp({ create: { width: 200, height: 200, channels: 4, background: "#DC2626" } })
      .png()
      .toBuffer();
    const uploaded = await callRoute(
      logoRoute.action,
      makeRequest("/api/logo", { cookie: owner.cookie, form: { logo: new File([new Uint8Array(logo)], "logo.png", { type: "image/png" }) } }),
    );
    const campaignId = await createCampaignFor(owner, { qrLogoUrl: uploaded.data.url, discount: OFFER });
    for (const format of ["poster", "sticker"] as const) {
      const sheet = await sheetOf(owner, campaignId, { format });
      const logoCheck = sheet.check.items.find((item) => item.id === "logo")!;
      expect(logoCheck.status).toBe("ok");
      expect(logoCheck.text).toMatch(/^The logo covers [4-6]% of the code/);
      const pdf = Buffer.from(await (await printPdf(owner.cookie, campaignId, { format })).arrayBuffer());
      // One logo per code: 10 labels on the default US Letter sheet.
      expect(pdfFontsAndImages(pdf).images.length).toBe(format === "sticker" ? 10 : 1);
      const page = renderFirstPage(pdf);
      const region = codeRegions(sheet.plan!.items, [], sheet.plan!)[0]!;
      const found = decodeCode(crop(page, { x: region.x - 10, y: region.y - 10, width: region.width + 20, height: region.height + 20 }));
      expect(found?.text.toLowerCase()).toContain(APP_ORIGIN);
      // The logo's red is in the middle of the code.
      const centre = (Math.round(region.y + region.height / 2) * page.width + Math.round(region.x + region.width / 2)) * 4;
      const [red, green, blue] = Array.from(page.data.subarray(centre, centre + 3));
      for (const [got, want] of [
        [red, 0xdc],
        [green, 0x26],
        [blue, 0x26],
      ])
        expect(Math.abs(got! - want!)).toBeLessThanOrEqual(3);
    }
  });

  it("fits a long offer full of odd Unicode on every format: wrapped and shrunk, never cut, invisible characters dropped", async () => {
    // 200 characters: accents, a combining mark (NFC), a bidi override, zero-width and control characters, an emoji, a very long word.
    const odd =
      `Żółć ÆØÅ ß Ğ İ ı œ ŀ ŉ e\u0301 \u202Etxet\u202C zero\u200Bwidth\u0007 😀 ${"Pneumonoultramicroscopic".repeat(3)} ${"Wide words WWW MMM ".repeat(8)}`.slice(
        0,
        200,
      );
    const { owner, campaignId } = await ownerWithPlacement({ discount: odd, minOrder: "Ж".repeat(200) });
    for (const format of ["poster", "flyer", "tent", "sticker"] as const) {
      const sheet = await sheetOf(owner, campaignId, { format });
      expect(sheet.check.canPrint).toBe(true);
      expectTextInsideSheet([...sheet.plan!.items, ...sheet.plan!.turnedItems], sheet.plan!);
      const response = await printPdf(owner.cookie, campaignId, { format });
      expect(response.status).toBe(200);
      const text = pdfText(Buffer.from(await response.arrayBuffer()));
      expect(text).toContain("Żółć ÆØÅ ß Ğ İ ı œ");
      expect(text).toContain("é");
      expect(text).not.toMatch(/[\u202E\u200B\u0007]/);
      // The long word is broken across lines, all of it there.
      expect(text.replace(/\s+/g, "")).toContain("Pneumonoultramicroscopic".repeat(3));
    }
  });
});

describe("the print check", { timeout: 240_000 }, () => {
  it("refuses a light code on a dark background, and a near-invisible pair, with the reason: no PDF", async () => {
    const { owner, campaignId } = await ownerWithPlacement();
    const inverted = await printPdf(owner.cookie, campaignId, { code: "#FFFFFF", background: "#111827" });
    expect(inverted.status).toBe(422);
    expect(await inverted.text()).toBe(
      "No PDF: The code is lighter than its background. Many phone cameras cannot read a light code on a dark background: choose a dark code colour on a light background.",
    );
    const faint = await printPdf(owner.cookie, campaignId, { code: "#E5E7EB", background: "#FFFFFF" });
    expect(faint.status).toBe(422);
    expect(await faint.text()).toBe(
      "No PDF: The code and its background are too alike to be scanned (contrast 1.2:1). Choose a darker code colour or a lighter background.",
    );

    const page = (
      await callRoute(
        printPageRoute.loader,
        makeRequest(`/campaigns/${campaignId}/print?code=%23FFFFFF&background=%23111827`, { cookie: owner.cookie }),
        {
          campaignId,
        },
      )
    ).data;
    expect(page.check.canPrint).toBe(false);
    expect(page.check.refusal).toMatch(/^The code is lighter than its background/);
  });

  it("warns under 4:1 but still prints, and says how far the code scans from", async () => {
    const owner = await createUser();
    const campaignId = await createCampaignFor(owner, { colorPreset: "sunset-orange" });
    const sheet = await sheetOf(owner, campaignId, {});
    expect(sheet.codeColor).toBe("#EA580C");
    expect(sheet.check.items.map((item) => [item.id, item.status])).toEqual([
      ["address", "warn"],
      ["contrast", "warn"],
      ["quiet-zone", "ok"],
      ["logo", "ok"],
      ["size", "ok"],
    ]);
    expect(sheet.check.items[1]!.text).toBe(
      "Low contrast (3.5:1): the code may scan poorly in dim light. A contrast of at least 4:1, such as black on white, is safer.",
    );
    expect(sheet.check.items[4]!.text).toBe("The code is 11 cm wide: scans from up to 1.1 m away.");
    expect((await sheetOf(owner, campaignId, { format: "tent" })).check.items[4]!.text).toBe("The code is 6.5 cm wide: scans from up to 65 cm away.");
  });

  it("never passes a code phones cannot open: the address warns first with its fix, and the PDF still prints", async () => {
    const owner = await createUser();
    const campaignId = await createCampaignFor(owner);
    const fix = "Set APP_URL to your public https address (e.g. APP_URL=https://qr.example.com) and restart the server before printing.";
    const addressItem = async (appOrigin: string) => {
      const { check } = await sheetOf(owner, campaignId, {}, appOrigin);
      expect(check.canPrint).toBe(true);
      return check.items[0];
    };
    expect(await addressItem("http://localhost:3000")).toMatchObject({
      id: "address",
      status: "warn",
      text: `Phones cannot open this code. It points at http://localhost:3000, which only this computer can open. ${fix}`,
    });
    expect(await addressItem("http://192.168.1.20:3000")).toMatchObject({
      id: "address",
      status: "warn",
      text: `Only phones on this network can open this code. It points at http://192.168.1.20:3000, a local network address: a phone on the same Wi-Fi can open it, no other phone can. ${fix}`,
    });
    expect(await addressItem("http://qr.example.com")).toMatchObject({
      status: "warn",
      text: expect.stringMatching(/^This code opens an unencrypted page\./),
    });
    const publicSheet = await sheetOf(owner, campaignId, {}, "https://qr.example.com");
    expect(publicSheet.check.items.every((item) => item.status === "ok")).toBe(true);
    expect(publicSheet.check.items[0]!.text).toBe("The code opens https://qr.example.com, which any phone can reach.");
    // The print page shows the check in the member's language; in English it reads as the check itself.
    const local = (await sheetOf(owner, campaignId, {}, "http://localhost:3000")).check;
    expect(printCheckIn(local, "en")).toEqual(local);
    const german = printCheckIn(local, "de").items;
    expect(german[0]!.text).toBe(
      "Handys können diesen Code nicht öffnen. Er führt zu http://localhost:3000, das nur dieser Computer öffnen kann. Setzen Sie APP_URL auf Ihre öffentliche https-Adresse (z. B. APP_URL=https://qr.example.com) und starten Sie den Server vor dem Drucken neu.",
    );
    expect(german.find((item) => item.id === "contrast")!.text).toBe("Dunkler Code auf hellem Hintergrund, Kontrast 8.7:1: gut zu scannen.");

    // Served on a derived loopback address (these tests' APP_URL): the page warns and the PDF is still made.
    const page = (await callRoute(printPageRoute.loader, makeRequest(`/campaigns/${campaignId}/print`, { cookie: owner.cookie }), { campaignId }))
      .data;
    expect(page.check.items[0]).toMatchObject({ id: "address", status: "warn", text: expect.stringMatching(/^Phones cannot open this code\./) });
    const pdf = await printPdf(owner.cookie, campaignId, {});
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect((await printPdf(owner.cookie, campaignId)).status).toBe(200);
  });

  it("leaves out a logo that cannot be read (a decompression bomb stored before uploads were normalised) without stalling anyone", async () => {
    const owner = await createUser();
    const bomb = await hugePng(8000, 8000);
    const key = `qr-logos/${Date.now()}-00000000feedbeef.png`;
    fs.mkdirSync(path.join(process.env.DATA_DIR!, "uploads", "qr-logos"), { recursive: true });
    fs.writeFileSync(path.join(process.env.DATA_DIR!, "uploads", key), bomb);
    const { db } = await getServices();
    await db.insert(schema.upload).values({ key, userId: owner.id, contentType: "image/png", size: bomb.length });
    const campaign = await createCampaignRow(owner.id, { qrLogoUrl: `/uploads/${key}` });

    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    const responses = await Promise.all([1, 2, 3].map(() => printPdf(owner.cookie, campaign.id)));
    histogram.disable();
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(histogram.max / 1e6).toBeLessThan(1_000);
    const pdf = Buffer.from(await responses[0]!.arrayBuffer());
    expect(pdfFontsAndImages(pdf).images).toEqual([]);
    expect(decodeCode(renderFirstPage(pdf))?.text.toLowerCase()).toContain(APP_ORIGIN);
    const sheet = await sheetOf(owner, campaign.id, {});
    expect(sheet.check.items.find((item) => item.id === "logo")).toMatchObject({
      id: "logo",
      status: "warn",
      text: "The campaign's logo could not be read, so the code is printed without it.",
    });
  });
});

describe("bad print requests", { timeout: 240_000 }, () => {
  it("answer unknown formats, sizes and colours with a sentence (400), and strangers' campaigns with 404", async () => {
    const { owner, campaignId } = await ownerWithPlacement();
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ format: "billboard" }, 400, "Unknown format. Choose poster, flyer, tent or sticker."],
      [{ paper: "a3" }, 400, "Unknown paper size. Choose letter or a4."],
      [{ code: "red" }, 400, "The code colour must be a colour written like #1E40AF."],
      [{ background: "#12345" }, 400, "The background colour must be a colour written like #1E40AF."],
      [{ placement: "not-a-uuid" }, 404, "Not found"],
      [{ placement: "00000000-0000-4000-8000-000000000000" }, 404, "Not found"],
    ];
    for (const [query, status, message] of cases) {
      const response = await printPdf(owner.cookie, campaignId, query);
      expect([response.status, await response.text()]).toEqual([status, message]);
    }
    const page = await callRoute(printPageRoute.loader, makeRequest(`/campaigns/${campaignId}/print?format=billboard`, { cookie: owner.cookie }), {
      campaignId,
    });
    expect([page.status, page.data]).toEqual([400, "Unknown format. Choose poster, flyer, tent or sticker."]);

    const stranger = await createUser();
    expect((await printPdf(stranger.cookie, campaignId)).status).toBe(404);
    const theirPage = await callRoute(printPageRoute.loader, makeRequest(`/campaigns/${campaignId}/print`, { cookie: stranger.cookie }), {
      campaignId,
    });
    expect(theirPage.status).toBe(404);
  });

  it("are limited per owner with a readable 429, and another owner is unaffected", async () => {
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    for (let i = 0; i < RATE_LIMITS.printByUser.points; i++) {
      // Refused requests (a bad colour) spend the budget too: each asks the server to start work.
      const response = await printPdf(owner.cookie, campaign.id, i === 0 ? {} : { code: "#FFFFFF", background: "#000000" });
      expect(response.status).toBe(i === 0 ? 200 : 422);
    }
    const refused = await printPdf(owner.cookie, campaign.id);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toBe("Too many PDF downloads. Please wait a moment and try again.");
    const other = await createUser();
    const theirs = await createCampaignRow(other.id);
    expect((await printPdf(other.cookie, theirs.id)).status).toBe(200);
  });
});
