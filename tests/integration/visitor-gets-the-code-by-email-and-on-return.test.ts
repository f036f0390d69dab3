// A visitor's code is hard to lose (decisions 343 and 344): it is emailed with the claim over a
// real SMTP server, the browser that claimed sees it again, and the same email on the same campaign
// is one lead whose code goes only to that inbox, whichever path stores it and however posts race.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { ALREADY_CLAIMED_TEXT, endOfDayIn } from "~/features/redeem/offer";
import * as capture from "~/routes/capture";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { waitForLockWait } from "../support/lead-support";
import { useMailbox } from "../support/smtp-support";
import { phoneUserAgent } from "../support/row-factories";

let addressCounter = 0;

type Claimed = { ok: true; claim?: { code: string; validity: string }; alreadyClaimed?: boolean; codeByEmail?: string; checkEmail?: boolean };

/** One phone: its own address and, once the page has set it, its visitor cookie. */
function phone() {
  const address = `198.18.9.${++addressCounter}`;
  let cookie = "tz=America%2FNew_York";
  const headers = () => ({ "user-agent": phoneUserAgent(), "x-leadqr-client-ip": address, cookie });
  return {
    /** Opens the capture page (optionally through a placement's code) and keeps the cookie it sets. */
    async open(campaignId: string, query = "") {
      const page = await callRoute(capture.loader, makeRequest(`/capture/${campaignId}${query}`, { headers: headers() }), { campaignId });
      if (page.cookies) cookie = `${cookie}; ${page.cookies}`;
      return page.data as { state: string; scanToken?: string; claim?: { code: string; validity: string }; offer?: { thankYou: string } };
    },
    async claim(campaignId: string, form: Record<string, string>, query = "") {
      const { scanToken } = await this.open(campaignId, query);
      const result = await this.post(campaignId, { ...form, scanToken: scanToken! });
      expect(result.status).toBe(200);
      return result.data as Claimed;
    },
    post(campaignId: string, form: Record<string, string>) {
      return callRoute(capture.action, makeRequest(`/capture/${campaignId}`, { form, headers: headers() }), { campaignId });
    },
  };
}

async function setup(consentMode: "notice" | "double_opt_in" = "notice") {
  const { db } = await getServices();
  const owner = await createUser({ isPro: true });
  const campaign = await createCampaignRow(owner.id, { title: "Pastry Week" });
  await db.update(schema.campaign).set({ consentMode }).where(eq(schema.campaign.id, campaign.id));
  await db.insert(schema.businessProfile).values({ userId: owner.id, name: "Bean There Café" });
  await db.insert(schema.businessIdentity).values({ userId: owner.id, postalAddress: "1 Main Street\nSpringfield" });
  await db.insert(schema.offerRule).values({
    campaignId: campaign.id,
    expiry: "until",
    validUntil: "2099-12-31",
    validUntilAt: endOfDayIn("2099-12-31", "America/New_York"),
  });
  return { owner, campaignId: campaign.id };
}

const { deliveredTo } = useMailbox();

async function storedOf(campaignId: string) {
  const { db } = await getServices();
  const leads = await db.select().from(schema.lead).where(eq(schema.lead.campaignId, campaignId));
  const consents = await db.select().from(schema.leadConsent).where(eq(schema.leadConsent.campaignId, campaignId));
  const codes = await db.select().from(schema.offerCode).where(eq(schema.offerCode.campaignId, campaignId));
  const emails = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.campaignId, campaignId));
  return { leads, consents, codes, kinds: emails.map((email) => email.kind).sort() };
}

describe("the visitor's code", () => {
  it("is emailed with the claim: the code, its validity, where to show it, the business's name and address", async () => {
    const { campaignId } = await setup();
    const shown = await phone().claim(campaignId, { name: "Ada Lovelace", email: "ada@example.com" });
    const { code, validity } = shown.claim!;
    expect(validity).toBe("Valid until Dec 31, 2099");

    const mails = await deliveredTo("ada@example.com");
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toMatch(/^=\?UTF-8\?Q\?Your_offer_code_from_Bean_There_Caf/);
    expect(mail.text).toContain("Thanks for claiming the offer of Bean There Café. Here is your code:");
    expect(mail.text).toContain(`Your offer code: ${code}\nShow this at the counter\n${validity}\n`);
    expect(mail.html).toContain(`>${code}</p>`);
    expect(mail.html).toContain(">Show this at the counter</p>");
    // The foot names the business and its postal address.
    expect(mail.html).toContain("Bean There Café<span><br/>1 Main Street</span><span><br/>Springfield</span>");
    // A receipt, not an advertisement: no offer copy.
    expect(mail.text).not.toContain("20% off");
    expect(await storedOf(campaignId)).toMatchObject({ kinds: ["new_lead", "offer_code"] });
  });

  it("is one email in double opt-in: the confirmation carries it", async () => {
    const { campaignId } = await setup("double_opt_in");
    const shown = await phone().claim(campaignId, { name: "Grace Hopper", email: "grace@example.com", marketingConsent: "yes" });
    expect(shown.checkEmail).toBe(true);
    const mails = await deliveredTo("grace@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/\/consent\/confirm\/[A-Za-z0-9_-]{43}/);
    expect(mails[0]!.text).toContain(`Your offer code: ${shown.claim!.code}\n`);
  });

  it("is shown again to the browser that claimed it, and to no other", async () => {
    const { campaignId, owner } = await setup();
    const ada = phone();
    const shown = await ada.claim(campaignId, { name: "Ada Lovelace", email: "ada.k@example.com" });

    const again = await ada.open(campaignId);
    expect(again.state).toBe("claimed");
    expect(again.claim).toMatchObject({ code: shown.claim!.code, validity: "Valid until Dec 31, 2099" });
    expect(again.offer!.thankYou).toBeTruthy();
    expect((await phone().open(campaignId)).state).toBe("form");
    // The owner's email names the lead; nothing about the browser is in any email.
    const { leads } = await storedOf(campaignId);
    expect(leads[0]!.visitorKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(await deliveredTo(owner.email))).not.toContain(leads[0]!.visitorKey!);
  });

  it("claimed again with the same email from another phone: no second lead, the code only to that inbox", async () => {
    const { campaignId } = await setup();
    const { db } = await getServices();
    const [terrace] = await db.insert(schema.placement).values({ campaignId, name: "Terrace" }).returning();
    const first = await phone().claim(campaignId, { name: "Ada Lovelace", email: "lovelace@example.com" });
    const before = await storedOf(campaignId);

    const other = phone();
    const answer = await other.claim(campaignId, { name: "Mallory", email: " LOVELACE@example.com " }, `?s=qr&p=${terrace!.id}`);
    expect(answer).toEqual({ ok: true, alreadyClaimed: true, codeByEmail: "sent" });
    expect(JSON.stringify(answer)).not.toContain(first.claim!.code);
    expect(ALREADY_CLAIMED_TEXT).toBe("This offer was already claimed with this email address. We sent the code to that address.");

    const after = await storedOf(campaignId);
    expect(after.leads).toHaveLength(1);
    expect(after.consents).toHaveLength(1);
    expect(after.codes).toHaveLength(1);
    expect(after.kinds).toEqual(["new_lead", "offer_code"]);
    // The lead is the first one, untouched but for when and where it was seen again.
    expect(after.leads[0]).toMatchObject({ id: before.leads[0]!.id, name: "Ada Lovelace", email: "lovelace@example.com" });
    expect(after.leads[0]!.lastSeenAt).toBeInstanceOf(Date);
    const seen = await db.select().from(schema.leadPlacement).where(eq(schema.leadPlacement.leadId, before.leads[0]!.id));
    expect(seen.map((row) => row.placementId)).toEqual([terrace!.id]);
    // The other phone never sees the code on the page either.
    expect((await other.open(campaignId)).state).toBe("form");
    const mails = await deliveredTo("lovelace@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Your offer code: ${first.claim!.code}\n`);
  });

  it("claimed again from one scan over and over: each post spends that scan's budget, as a post that stores nothing", async () => {
    const { campaignId } = await setup();
    await phone().claim(campaignId, { name: "Ada Lovelace", email: "budget@example.com" });
    const other = phone();
    const { scanToken } = await other.open(campaignId);
    const form = { name: "Mallory", email: "budget@example.com", scanToken: scanToken! };
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) statuses.push((await other.post(campaignId, form)).status);
    expect(statuses.slice(0, 50)).toEqual(Array(50).fill(200));
    expect(statuses[50]).toBe(429);
    expect((await storedOf(campaignId)).leads).toHaveLength(1);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "claimed again while the first claimant's lead is being erased: the post is stored as a new lead, not refused",
    async () => {
      const { campaignId } = await setup();
      const { db } = await getServices();
      const [terrace] = await db.insert(schema.placement).values({ campaignId, name: "Terrace" }).returning();
      await phone().claim(campaignId, { name: "Ada Lovelace", email: "erased@example.com" });
      const [first] = await storedOf(campaignId).then((stored) => stored.leads);

      // The owner erases the first lead in another session, which has not committed yet when the
      // second phone's post marks that lead seen again (decision 385: one statement, no transaction).
      const { default: pg } = await import("pg");
      const owner = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await owner.connect();
      let answer: Claimed;
      try {
        await owner.query("begin");
        await owner.query("delete from lead where id = $1", [first!.id]);
        const other = phone();
        const { scanToken } = await other.open(campaignId, `?s=qr&p=${terrace!.id}`);
        const posted = other.post(campaignId, { name: "Grace Hopper", email: "erased@example.com", scanToken: scanToken! });
        await waitForLockWait(owner);
        await owner.query("commit");
        const result = await posted;
        expect(result.status).toBe(200);
        answer = result.data as Claimed;
      } finally {
        await owner.end();
      }
      // The claim went with the erased lead: this post draws a new code and is the only lead.
      expect(answer.alreadyClaimed).toBeUndefined();
      expect(answer.claim?.code).toMatch(/\S/);
      const after = await storedOf(campaignId);
      expect(after.leads.map((lead) => lead.name)).toEqual(["Grace Hopper"]);
      expect(after.codes).toHaveLength(1);
      expect(after.codes[0]!.leadId).toBe(after.leads[0]!.id);
      expect(after.codes[0]!.code).toBe(answer.claim!.code.replaceAll("-", ""));
    },
  );

  it("two posts of one email at once store one lead, in the batch and in the per-lead path", async () => {
    for (const mode of ["notice", "double_opt_in"] as const) {
      const { campaignId } = await setup(mode);
      const phones = [phone(), phone()];
      const answers = await Promise.all(
        phones.map((visitor, i) => visitor.claim(campaignId, { name: `Twin ${i}`, email: "twin@example.com", marketingConsent: "yes" })),
      );
      const stored = await storedOf(campaignId);
      expect(stored.leads).toHaveLength(1);
      expect(stored.consents).toHaveLength(1);
      expect(stored.codes).toHaveLength(1);
      expect(stored.kinds).toEqual(mode === "notice" ? ["new_lead", "offer_code"] : ["consent_confirmation", "new_lead"]);
      expect(answers.filter((answer) => answer.alreadyClaimed)).toHaveLength(1);
      const { db } = await getServices();
      const [code] = await db
        .select()
        .from(schema.offerCode)
        .where(and(eq(schema.offerCode.campaignId, campaignId)));
      expect(code!.leadId).toBe(stored.leads[0]!.id);
    }
  });
});
