// Issue 15, deliverable 1: the visitor's double opt-in email carries the offer code shown on the
// thank-you screen, delivered over a real SMTP server (decision 125).
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { formatOfferCode } from "~/features/redeem/code";
import { CODE_BY_EMAIL_TEXT, endOfDayIn } from "~/features/redeem/offer";
import { claimantKeyOf } from "~/features/redeem/offer-codes.server";
import * as capture from "~/routes/capture";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { useMailbox } from "../support/smtp-support";
import { phoneUserAgent } from "../support/row-factories";

const TICK = { marketingConsent: "yes" };
let addressCounter = 0;

type ThankYou = { ok: true; checkEmail?: boolean; codeByEmail?: string; claim?: { code: string; validity: string } };

/** A visitor in New York scans, fills the form and submits, as the capture route sees it. */
async function claim(campaignId: string, form: Record<string, string>, address = `198.18.7.${++addressCounter}`) {
  const headers = { "user-agent": phoneUserAgent(), "x-leadqr-client-ip": address, cookie: "tz=America%2FNew_York" };
  const page = await callRoute(capture.loader, makeRequest(`/capture/${campaignId}`, { headers }), { campaignId });
  const scanToken = page.data.scanToken as string;
  const result = await callRoute(capture.action, makeRequest(`/capture/${campaignId}`, { form: { ...form, scanToken }, headers }), { campaignId });
  expect(result.status).toBe(200);
  return result.data as ThankYou;
}

/** A double opt-in campaign whose offer is valid until the last day of 2099 in New York. */
async function setup(options: { required?: boolean; businessName?: string } = {}) {
  const { db } = await getServices();
  const owner = await createUser({ isPro: true });
  const campaign = await createCampaignRow(owner.id, { title: "Pastry Week" });
  await db
    .update(schema.campaign)
    .set({ consentMode: "double_opt_in", offerRequiresConsent: options.required ?? false })
    .where(eq(schema.campaign.id, campaign.id));
  await db.insert(schema.businessProfile).values({ userId: owner.id, name: options.businessName ?? "Bean There Café" });
  await db.insert(schema.offerRule).values({
    campaignId: campaign.id,
    expiry: "until",
    validUntil: "2099-12-31",
    validUntilAt: endOfDayIn("2099-12-31", "America/New_York"),
  });
  return campaign.id;
}

const { deliveredTo } = useMailbox();

/** Lets a day pass for the per-address rule: the earlier confirmation emails become old. */
async function aDayLater(campaignId: string) {
  const { db } = await getServices();
  await db
    .update(schema.emailOutbox)
    .set({ createdAt: sql`${schema.emailOutbox.createdAt} - interval '2 days'` })
    .where(eq(schema.emailOutbox.campaignId, campaignId));
}

async function storedCode(campaignId: string, email: string) {
  const { db } = await getServices();
  const [row] = await db
    .select({ code: schema.offerCode.code })
    .from(schema.offerCode)
    .where(and(eq(schema.offerCode.campaignId, campaignId), eq(schema.offerCode.claimantKey, claimantKeyOf(campaignId, email))));
  return row ? formatOfferCode(row.code) : null;
}

describe("the visitor's email", () => {
  it("carries the exact code and validity of the thank-you screen, in HTML and plain text, escaped", async () => {
    const campaignId = await setup({ businessName: "Bean & <b>Bold</b>" });
    const shown = await claim(campaignId, { name: "Ada Lovelace", email: "ada@example.com", ...TICK });
    expect(shown).toMatchObject({ ok: true, checkEmail: true });
    const { code, validity } = shown.claim!;
    expect(code).toMatch(/^[2-9A-Z]{3}-[2-9A-Z]{3}-[2-9A-Z]{2}$/);
    // The visitor's own day: the end of Dec 31 in New York is already Jan 1 in UTC.
    expect(validity).toBe("Valid until Dec 31, 2099");

    const mails = await deliveredTo("ada@example.com");
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.text).toContain(`Your offer code: ${code}\nShow this at the counter\n${validity}\n`);
    expect(mail.html).toContain(`>${code}</p>`);
    expect(mail.html).toContain(">Show this at the counter</p>");
    expect(mail.html).toContain(`>${validity}</p>`);
    // Still the confirmation email: its link, and no offer copy (no advertising).
    expect(mail.text).toMatch(/\/consent\/confirm\/[A-Za-z0-9_-]{43}/);
    expect(mail.text).not.toContain("20% off");
    expect(mail.html).not.toContain("20% off");
    expect(mail.html).toContain("Bean &amp; &lt;b&gt;Bold&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>Bold");
  });

  it("mails the same code when the same email claims the same campaign again, and never shows it to the second scan", async () => {
    const campaignId = await setup();
    const first = await claim(campaignId, { name: "Grace Hopper", email: "grace@example.com", ...TICK });
    await aDayLater(campaignId);
    const again = await claim(campaignId, { name: "Grace H.", email: "  GRACE@example.com ", ...TICK });
    // Whoever typed Grace's address from another scan learns only that her mailbox has it (issue 25 finding 4).
    // No second lead, consent record or confirmation (decision 344): the code alone goes to her mailbox.
    expect(again).toEqual({ ok: true, alreadyClaimed: true, codeByEmail: "sent" });

    const mails = await deliveredTo("grace@example.com");
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(mail.text).toContain(`Your offer code: ${first.claim!.code}\n`);
    // Someone else gets their own code, in their own email.
    const other = await claim(campaignId, { name: "Alan Turing", email: "alan@example.com", ...TICK });
    expect(other.claim!.code).not.toBe(first.claim!.code);
    expect((await deliveredTo("alan@example.com"))[0]!.text).toContain(`Your offer code: ${other.claim!.code}\n`);
  });

  it("is the only place the code appears when the offer requires consent", async () => {
    const campaignId = await setup({ required: true });
    const shown = await claim(campaignId, { name: "Hedy Lamarr", email: "hedy@example.com", ...TICK });
    expect(shown).toEqual({ ok: true, checkEmail: true, codeByEmail: "sent" });
    expect(CODE_BY_EMAIL_TEXT.sent).toBe("Your offer code is in the email we sent you.");
    const code = (await storedCode(campaignId, "hedy@example.com"))!;
    const [mail] = await deliveredTo("hedy@example.com");
    expect(mail!.text).toContain(`Your offer code: ${code}\nShow this at the counter\nValid until Dec 31, 2099\n`);

    // Claiming again the same day: no second email, and the first one already has this code.
    const again = await claim(campaignId, { name: "Hedy Lamarr", email: "hedy@example.com", ...TICK });
    expect(again).toEqual({ ok: true, alreadyClaimed: true, codeByEmail: "sent" });
    expect(await deliveredTo("hedy@example.com")).toHaveLength(1);
    expect(await storedCode(campaignId, "hedy@example.com")).toBe(code);
  });

  it("when the client's confirmation budget is spent, still emails the code on its own (decision 343)", async () => {
    const campaignId = await setup({ required: true });
    const address = `198.18.8.${++addressCounter}`;
    for (let i = 0; i < 5; i++) {
      expect(await claim(campaignId, { name: "Busy Wifi", email: `guest${i}@example.com`, ...TICK }, address)).toMatchObject({ codeByEmail: "sent" });
    }
    const spent = await claim(campaignId, { name: "Sixth Guest", email: "guest5@example.com", ...TICK }, address);
    expect(spent).toEqual({ ok: true, codeByEmail: "sent" });
    const code = (await storedCode(campaignId, "guest5@example.com"))!;
    const mails = await deliveredTo("guest5@example.com");
    expect(mails).toHaveLength(1);
    // Not a confirmation (no link): the transactional code email.
    expect(mails[0]!.text).toContain(`Your offer code: ${code}\nShow this at the counter\n`);
    expect(mails[0]!.text).not.toMatch(/\/consent\/confirm\//);
  });

  it("is not sent without a tick; the code is then on the screen and in its own email", async () => {
    const campaignId = await setup();
    const shown = await claim(campaignId, { name: "No Tick", email: "notick@example.com" });
    expect(shown.checkEmail).toBeUndefined();
    expect(shown.claim!.code).toMatch(/^[2-9A-Z]{3}-/);
    const mails = await deliveredTo("notick@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Your offer code: ${shown.claim!.code}\n`);
    expect(mails[0]!.text).not.toMatch(/\/consent\/confirm\//);
  });
});
