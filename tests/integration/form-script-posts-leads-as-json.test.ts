// The capture form's script posts its lead as JSON beside the page (decision 323): the same rules
// and the same answer as the route's action, through the resource route (what Express serves) and
// through `answerEncodedLeadPost` (what the HTTP edge calls before Express).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { SUBMISSION_ERRORS } from "~/features/capture/capture-fields";
import { answerEncodedLeadPost } from "~/features/capture/lead-post.server";
import { formatOfferCode } from "~/features/redeem/code";
import { shortCodeOf } from "~/features/placements/short-links.server";
import * as captureRoute from "~/routes/capture";
import * as leadRoute from "~/routes/capture-lead";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { phoneUserAgent } from "../support/row-factories";

let addressCounter = 0;
const nextAddress = () => `198.18.0.${++addressCounter}`;

async function scanToken(campaignId: string) {
  const request = makeRequest(`/capture/${campaignId}`, {
    method: "GET",
    headers: { "user-agent": phoneUserAgent(), "x-leadqr-client-ip": nextAddress() },
  });
  return (await callRoute(captureRoute.loader, request, { campaignId })).data.scanToken as string;
}

async function postJson(path: string, params: Record<string, string>, form: Record<string, string>) {
  const request = makeRequest(path, {
    method: "POST",
    headers: { "user-agent": phoneUserAgent(), "x-leadqr-client-ip": nextAddress(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
  const response = (await callRoute(leadRoute.action, request, params)).response!;
  return { status: response.status, type: response.headers.get("content-type"), headers: response.headers, body: await response.json() };
}

async function storedOf(campaignId: string) {
  const { db } = await getServices();
  const leads = await db.select().from(schema.lead).where(eq(schema.lead.campaignId, campaignId));
  const codes = await db.select().from(schema.offerCode).where(eq(schema.offerCode.campaignId, campaignId));
  const consents = await db.select().from(schema.leadConsent).where(eq(schema.leadConsent.campaignId, campaignId));
  return { leads, codes, consents };
}

describe("the form script's JSON lead post", () => {
  it("stores the lead with its code and consent record and answers JSON with the claim the thank-you shows", async () => {
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    const token = await scanToken(campaign.id);
    const answer = await postJson(
      `/capture/${campaign.id}/lead`,
      { campaignId: campaign.id },
      { name: "Ada", email: "ada@example.com", phone: "", scanToken: token },
    );
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^application\/json/);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const stored = await storedOf(campaign.id);
    expect(stored.leads).toHaveLength(1);
    expect(stored.leads[0]).toMatchObject({ name: "Ada", email: "ada@example.com", scanId: token });
    expect(stored.codes.map((code) => code.leadId)).toEqual([stored.leads[0]!.id]);
    expect(stored.consents.map((consent) => consent.leadId)).toEqual([stored.leads[0]!.id]);
    expect(answer.body).toMatchObject({ ok: true, claim: { code: expect.any(String), validity: expect.any(String) } });
    expect(answer.body.claim.qrSvg).toMatch(/^<svg/);
    expect(answer.body.claim.code).toBe(formatOfferCode(stored.codes[0]!.code));
  });

  it("answers refusals with the same statuses and bodies as the page's own post, storing nothing", async () => {
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    const token = await scanToken(campaign.id);
    const invalid = await postJson(
      `/capture/${campaign.id}/lead`,
      { campaignId: campaign.id },
      { name: "", email: "not an email", scanToken: token },
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({
      ok: false,
      fieldErrors: { name: expect.any(String), email: expect.any(String) },
      values: { email: "not an email" },
    });

    const missing = crypto.randomUUID();
    const unknown = await postJson(`/capture/${missing}/lead`, { campaignId: missing }, { name: "Ada", email: "ada@example.com", scanToken: token });
    expect(unknown).toMatchObject({ status: 404, body: { ok: false, error: SUBMISSION_ERRORS.notLoaded } });

    const tokenless = await postJson(`/capture/${campaign.id}/lead`, { campaignId: campaign.id }, { name: "Ada", email: "ada@example.com" });
    expect(tokenless).toMatchObject({ status: 400, body: { ok: false, error: SUBMISSION_ERRORS.failed } });

    const notAnId = await postJson(`/capture/not-an-id/lead`, { campaignId: "not-an-id" }, { name: "Ada", email: "ada@example.com" });
    expect(notAnId).toMatchObject({ status: 400, body: { ok: false, error: SUBMISSION_ERRORS.invalidCampaign } });
    expect((await storedOf(campaign.id)).leads).toHaveLength(0);

    // The page's own post answers the same refusal with the same status and error.
    const request = makeRequest(`/capture/${campaign.id}`, {
      form: { name: "Ada", email: "ada@example.com" },
      headers: { "x-leadqr-client-ip": nextAddress() },
    });
    const viaPage = await callRoute(captureRoute.action, request, { campaignId: campaign.id });
    expect({ status: viaPage.status, error: viaPage.data.error }).toEqual({ status: tokenless.status, error: tokenless.body.error });
  });

  it("takes a lead on a printed code's short link, and an unreadable body loses nothing", async () => {
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    const code = await shortCodeOf((await getServices()).db, { campaignId: campaign.id });
    const token = await scanToken(campaign.id);
    const answer = await postJson(`/q/${code}/lead`, { code }, { name: "Grace", email: "grace@example.com", scanToken: token });
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
    expect((await storedOf(campaign.id)).leads.map((lead) => lead.email)).toEqual(["grace@example.com"]);

    const garbled = makeRequest(`/capture/${campaign.id}/lead`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=nothing", "x-leadqr-client-ip": nextAddress() },
      body: "this is not multipart",
    });
    const refused = (await callRoute(leadRoute.action, garbled, { campaignId: campaign.id })).response!;
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ ok: false, error: SUBMISSION_ERRORS.failed });
  });

  it("reads the raw url-encoded body as the edge hands it over: first value wins, NUL bytes dropped", async () => {
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    const token = await scanToken(campaign.id);
    const body = `name=Lin%00da&email=linda%40example.com&email=other%40example.com&phone=&scanToken=${token}`;
    const answer = await answerEncodedLeadPost({
      params: { campaignId: campaign.id },
      body,
      clientAddress: nextAddress(),
      userAgent: phoneUserAgent(),
      cookie: "tz=Europe%2FLondon",
    });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, claim: { code: expect.any(String) } } });
    const stored = await storedOf(campaign.id);
    expect(stored.leads.map((lead) => [lead.name, lead.email])).toEqual([["Linda", "linda@example.com"]]);
    // The same token again stores nothing more.
    const again = await answerEncodedLeadPost({
      params: { campaignId: campaign.id },
      body,
      clientAddress: nextAddress(),
      userAgent: phoneUserAgent(),
      cookie: null,
    });
    expect(again.status).toBe(200);
    expect((await storedOf(campaign.id)).leads).toHaveLength(1);
  });
});
