// The page after a form post without JavaScript (decision 420): rendered once per campaign, page
// language and kind of answer, then filled with each lead's own code and QR. The render here is a
// stand-in that puts the claim where React Router does (the markup, and the hydration data as a
// JSON string inside a script); the journey a-form-post-without-javascript-gets-the-rendered-page
// compares the real render byte for byte.
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { clearCaptureDocuments } from "~/features/capture/capture-document.server";
import { answerEncodedLeadPost, type LeadPostAnswer } from "~/features/capture/lead-post.server";
import { postedDocument, type RenderPosted } from "~/features/capture/thank-you-document.server";
import { createCampaignRow, createUser } from "../support/factories";
import { scanTokens } from "../support/lead-support";
import { phoneUserAgent } from "../support/row-factories";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const SCRIPT_ESCAPES: Record<string, string> = { "&": "\\u0026", "<": "\\u003c", ">": "\\u003e" };

/** A page as React Router lays one out: the claim in the markup and in the hydration data. */
function standInRender(renders: string[]): RenderPosted {
  return async (path, request, context) => {
    renders.push(path);
    const claim = context.leadAnswer.body.claim!;
    const data = JSON.stringify(JSON.stringify([{ ok: true, claim }, "Valid until tomorrow"])).replace(/[&<>]/g, (char) => SCRIPT_ESCAPES[char]!);
    const html = [
      `<!DOCTYPE html><html><head><style nonce="${request.nonce}"></style></head><body>`,
      `<p data-testid="offer-code">${claim.code.replace(/[&<>"']/g, (char) => ESCAPES[char]!)}</p>`,
      `<div class="rd-qr">${claim.qrSvg}</div><p>${claim.validity}</p>`,
      `<script nonce="${request.nonce}">enqueue(${data});</script></body></html>`,
    ].join("");
    return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
  };
}

function postOf(campaignId: string, gzip: boolean) {
  const headers = { "user-agent": phoneUserAgent(), "x-leadqr-client-ip": "203.0.113.9", ...(gzip ? { "accept-encoding": "gzip, br" } : {}) };
  return { url: `/capture/${campaignId}`, headers };
}

async function leadAnswer(campaignId: string, scanToken: string, email: string): Promise<LeadPostAnswer> {
  const body = new URLSearchParams({ name: "Ada", email, phone: "", scanToken }).toString();
  return answerEncodedLeadPost({ params: { campaignId }, body, clientAddress: "203.0.113.9", userAgent: phoneUserAgent(), cookie: null });
}

describe("the thank-you page after a form post without JavaScript", () => {
  it("is rendered once for a campaign's leads and carries each lead's own code and QR, plain and gzipped", async () => {
    clearCaptureDocuments();
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    const tokens = await scanTokens(campaign.id, 3);
    const renders: string[] = [];
    const render = standInRender(renders);

    const pages = [];
    for (const [i, token] of tokens.entries()) {
      const answer = await leadAnswer(campaign.id, token, `guest${i}@example.com`);
      expect(answer.status).toBe(200);
      const page = await postedDocument(postOf(campaign.id, i === 2), { params: { campaignId: campaign.id }, answer, nonce: `nonce${i}`, render });
      const html = (page.gzip ? gunzipSync(page.body) : page.body).toString();
      // What the stand-in renders for this very answer, with this nonce.
      const full = await (
        await standInRender([])(`/capture/${campaign.id}`, { headers: new Headers(), nonce: `nonce${i}` }, { leadAnswer: answer })
      ).text();
      expect(html).toBe(full);
      expect(page).toMatchObject({ status: 200, gzip: i === 2 });
      expect(Object.fromEntries(page.headers)).toMatchObject({ "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      pages.push({ html, code: answer.body.claim!.code });
    }

    expect(new Set(pages.map((page) => page.code)).size).toBe(3);
    expect(renders).toEqual([`/capture/${campaign.id}`]);
  });

  it("renders a refusal in full, with its status, from the answer given", async () => {
    clearCaptureDocuments();
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    const answer = await leadAnswer(campaign.id, crypto.randomUUID(), "nobody@example.com");
    expect(answer.status).toBeGreaterThanOrEqual(400);
    const calls: LeadPostAnswer[] = [];
    const page = await postedDocument(postOf(campaign.id, false), {
      params: { campaignId: campaign.id },
      answer,
      nonce: "n",
      render: async (_path, _request, context) => {
        calls.push(context.leadAnswer);
        return new Response("<p>refused</p>", { status: context.leadAnswer.status });
      },
    });
    expect(page.status).toBe(answer.status);
    expect(calls).toEqual([answer]);
  });
});
