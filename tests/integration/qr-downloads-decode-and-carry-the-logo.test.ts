import fs from "node:fs";
import path from "node:path";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { shortLink } from "~/db/schema";
import { getServices } from "~/utils/services.server";
import * as logoRoute from "~/routes/api.logo";
import * as qrRoute from "~/routes/qr-code";
import * as uploadsRoute from "~/routes/uploads";
import { createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { readCampaignRow, createCampaignFor } from "../support/campaigns-support";

function solidPng(width: number, height: number, rgba: [number, number, number, number]) {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set(rgba, i * 4);
  return PNG.sync.write(png);
}

function decode(bytes: Buffer) {
  const png = PNG.sync.read(bytes);
  return { png, text: jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data };
}

const uploadLogo = (cookie: string, file: Blob | string, name = "logo.png") =>
  callRoute(
    logoRoute.action,
    makeRequest("/api/logo", { cookie, form: { logo: typeof file === "string" ? file : new File([file], name, { type: (file as Blob).type }) } }),
  );

/** What the campaign's code encodes: its short link (decision 280). */
async function shortLinkOf(campaignId: string) {
  const { db } = await getServices();
  const [row] = await db.select({ code: shortLink.code }).from(shortLink).where(eq(shortLink.campaignId, campaignId));
  return `HTTP://LOCALHOST:3000/Q/${row!.code}`;
}

const getQr = (route: typeof qrRoute, id: string, cookie: string, ext: string) =>
  callRoute(route.loader, makeRequest(`/campaigns/${id}/qr.${ext}`, { cookie }), { campaignId: id }).then((answer) => answer.response!);

describe("QR code downloads", () => {
  it("serve a PNG that decodes to the capture URL, named after the title", async () => {
    const owner = await createUser();
    const id = await createCampaignFor(owner, { title: 'Summer "Coffee" ☕' });
    const response = await getQr(qrRoute, id, owner.cookie, "png");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Summer Coffee-qr-code.png"; filename*=UTF-8''${encodeURIComponent('Summer "Coffee" ☕-qr-code.png')}`,
    );
    const { png, text } = decode(Buffer.from(await response.arrayBuffer()));
    expect([png.width, png.height]).toEqual([300, 300]);
    expect(text).toBe(await shortLinkOf(id));

    const svg = await getQr(qrRoute, id, owner.cookie, "svg");
    expect(svg.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(svg.headers.get("content-disposition")).toMatch(/^attachment; filename="Summer Coffee-qr-code.svg"/);
    const body = await svg.text();
    expect(body).toMatch(/^<svg[^>]*width="300"/);
    expect(body).not.toContain("<image");
  });

  it("draw an uploaded logo in the centre of both, and the PNG still decodes", async () => {
    const owner = await createUser();
    const logo = solidPng(90, 90, [220, 38, 38, 255]);
    const uploaded = await uploadLogo(owner.cookie, new Blob([new Uint8Array(logo)], { type: "image/png" }));
    expect(uploaded.status).toBe(200);
    const { url } = uploaded.data;
    expect(url).toMatch(/^\/uploads\/qr-logos\/[0-9]+-[0-9a-f]{16}\.png$/);

    const served = (await callRoute(uploadsRoute.loader, makeRequest(url), { "*": url.replace("/uploads/", "") })).response!;
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    // What is stored is the normalised image (re-encoded), and that is what the SVG embeds.
    const stored = Buffer.from(await served.arrayBuffer());

    const id = await createCampaignFor(owner, { qrLogoUrl: url });
    expect((await readCampaignRow(id))!.qrLogoUrl).toBe(url);

    const { png, text } = decode(Buffer.from(await (await getQr(qrRoute, id, owner.cookie, "png")).arrayBuffer()));
    expect(text).toBe(await shortLinkOf(id));
    const centre = (150 * 300 + 150) * 4;
    expect(Array.from(png.data.subarray(centre, centre + 4))).toEqual([220, 38, 38, 255]);

    const svg = await (await getQr(qrRoute, id, owner.cookie, "svg")).text();
    expect(svg).toContain(`href="data:image/png;base64,${stored.toString("base64")}"`);
  });
});

describe("logo upload", () => {
  it("refuses what is not a raster image, by content and not by name", async () => {
    const owner = await createUser();
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], { type: "image/svg+xml" });
    const textAsPng = new Blob(["hello, I am text"], { type: "image/png" });
    const polyglot = new Blob([new Uint8Array(Buffer.concat([Buffer.from("GIF89a"), Buffer.from("<script>alert(1)</script>")]))], {
      type: "image/gif",
    });
    for (const file of [svg, textAsPng, polyglot]) {
      const result = await uploadLogo(owner.cookie, file, "logo.png");
      expect(result.status).toBe(400);
      expect(result.data).toEqual({ ok: false, error: "Please select an image file for the logo" });
    }
    const missing = await uploadLogo(owner.cookie, "not a file");
    expect(missing.data.error).toBe("Please select an image file for the logo");
  });

  it("refuses a logo over 2MB", async () => {
    const owner = await createUser();
    const big = Buffer.concat([solidPng(10, 10, [0, 0, 0, 255]), Buffer.alloc(2 * 1024 * 1024)]);
    const result = await uploadLogo(owner.cookie, new Blob([new Uint8Array(big)], { type: "image/png" }));
    expect(result.status).toBe(400);
    expect(result.data).toEqual({ ok: false, error: "Logo size must be less than 2MB" });
  });

  it("stores accepted logos under qr-logos/ in the data folder", async () => {
    const owner = await createUser();
    const result = await uploadLogo(
      owner.cookie,
      new Blob([new Uint8Array(solidPng(8, 8, [1, 2, 3, 255]))], { type: "image/png" }),
      "../../etc/passwd.png",
    );
    const { url } = result.data;
    expect(fs.existsSync(path.join(process.env.DATA_DIR!, "uploads", url.replace("/uploads/", "")))).toBe(true);
  });
});
