// A crowd claiming one offer at once (issue 29, decision 322): leads from unused scan tokens are
// read and stored in shared batches. Every 200 is one stored lead with its consent record, its
// own code (the one the visitor was shown), the owner's email and, for owners who listen, its
// `lead.created` event; repeats and second claims in the same instant take the per-lead path.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "~/db/rows.server";
import * as schema from "~/db/schema";
import { storeLeadInBatch, type BatchedLead } from "~/features/capture/lead-batch.server";
import { consentWordingOf } from "~/features/consent/consent";
import { leadConsentRowOf, wordingId } from "~/features/consent/consent.server";
import { formatOfferCode } from "~/features/redeem/code";
import { newOfferCodeRow } from "~/features/redeem/redeem.server";
import * as route from "~/routes/capture";
import { getServices } from "~/utils/services.server";
import { createCampaign, createUser } from "../factories";
import { makeRequest, payload, run, statusOf } from "../http";

const PHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

/** Counted scans of distinct visitors, as the capture page records them. */
async function scanTokens(campaignId: string, count: number) {
  const { db } = await getServices();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`insert into scan (campaign_id, device_type, visitor_hash, is_unique)
      select ${campaignId}, 'mobile', md5(random()::text || g::text), true from generate_series(1, ${count}) g returning id::text as id`),
  );
  return rows.map((row) => row.id);
}

function submit(campaignId: string, form: Record<string, string>, index: number) {
  const address = `198.51.100.${(index % 250) + 1}`;
  const request = makeRequest(`/capture/${campaignId}`, { form, headers: { "user-agent": PHONE_UA, "x-leadqr-client-ip": address } });
  return run(route.action, request, { campaignId });
}

async function tableCounts(campaignId: string) {
  const { db } = await getServices();
  const [row] = rowsOf<{ leads: number; consents: number; codes: number; emails: number; codeEmails: number; events: number }>(
    await db.execute(sql`select
      (select count(*)::int from lead where campaign_id = ${campaignId}) as leads,
      (select count(*)::int from lead_consent where campaign_id = ${campaignId}) as consents,
      (select count(*)::int from offer_code where campaign_id = ${campaignId}) as codes,
      (select count(*)::int from email_outbox where campaign_id = ${campaignId} and kind = 'new_lead') as emails,
      (select count(*)::int from email_outbox where campaign_id = ${campaignId} and kind = 'offer_code') as "codeEmails",
      (select count(*)::int from webhook_event where payload -> 'data' -> 'campaign' ->> 'id' = ${campaignId}) as events`),
  );
  return row!;
}

describe("a crowd claiming one offer at once", () => {
  it("stores each of 60 simultaneous leads once, with its consent, the code its visitor saw, the owner's email and its event", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaign({ userId: owner.id });
    const { db } = await getServices();
    await db.insert(schema.webhookEndpoint).values({
      userId: owner.id,
      url: "https://hooks.example.com/leads",
      events: ["lead.created"],
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    });
    const tokens = await scanTokens(campaign.id, 60);

    const answers = await Promise.all(
      tokens.map((scanToken, i) => submit(campaign.id, { name: `Guest ${i}`, email: `guest${i}@example.com`, phone: "", scanToken }, i)),
    );

    expect(answers.map(statusOf)).toEqual(tokens.map(() => 200));
    expect(await tableCounts(campaign.id)).toEqual({ leads: 60, consents: 60, codes: 60, emails: 60, codeEmails: 60, events: 60 });
    // Each visitor was shown the code stored for their own lead; the owner's email names it, and the visitor's carries it.
    const stored = await db
      .select({
        email: schema.lead.email,
        scanId: schema.lead.scanId,
        code: schema.offerCode.code,
        kind: schema.emailOutbox.kind,
        to: schema.emailOutbox.to,
        html: schema.emailOutbox.html,
      })
      .from(schema.lead)
      .innerJoin(schema.offerCode, eq(schema.offerCode.leadId, schema.lead.id))
      .innerJoin(schema.emailOutbox, eq(schema.emailOutbox.leadId, schema.lead.id))
      .where(eq(schema.lead.campaignId, campaign.id));
    const mailOf = (email: string, kind: string) => stored.find((row) => row.email === email && row.kind === kind)!;
    answers.forEach((answer, i) => {
      const row = mailOf(`guest${i}@example.com`, "new_lead");
      expect(row.scanId).toBe(tokens[i]);
      expect(payload<{ claim: { code: string } }>(answer).claim.code).toBe(formatOfferCode(row.code));
      expect(row.html).toContain(formatOfferCode(row.code));
      const visitorMail = mailOf(`guest${i}@example.com`, "offer_code");
      expect(visitorMail.to).toBe(`guest${i}@example.com`);
      expect(visitorMail.html).toContain(formatOfferCode(row.code));
    });
    expect(new Set(stored.map((row) => row.code)).size).toBe(60);
    // They shared commits: fewer transactions wrote them than there are leads.
    const [written] = rowsOf<{ transactions: number }>(
      await db.execute(sql`select count(distinct xmin::text)::int as transactions from lead where campaign_id = ${campaign.id}`),
    );
    expect(written!.transactions).toBeLessThan(60);
  });

  it("gives one email claiming from two scans at the same instant one lead, one code and one code email", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaign({ userId: owner.id });
    const [first, second] = await scanTokens(campaign.id, 2);

    const answers = await Promise.all(
      [first!, second!].map((scanToken, i) => submit(campaign.id, { name: "Twice", email: "Twice@Example.com", phone: "", scanToken }, i)),
    );

    expect(answers.map(statusOf)).toEqual([200, 200]);
    const counts = await tableCounts(campaign.id);
    expect(counts).toMatchObject({ leads: 1, consents: 1, codes: 1, emails: 1, codeEmails: 1 });
    // One of them drew the code and sees it; the other is told the code went to that mailbox.
    const bodies = answers.map((answer) => payload<{ claim?: { code: string }; alreadyClaimed?: boolean }>(answer));
    expect(bodies.filter((body) => body.claim).length).toBe(1);
    expect(bodies.filter((body) => body.alreadyClaimed).length).toBe(1);
  });

  it("stores a double submit of one scan once, and both answers show the same code", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaign({ userId: owner.id });
    const [token] = await scanTokens(campaign.id, 1);
    const form = { name: "Double", email: "double@example.com", phone: "", scanToken: token! };

    const answers = await Promise.all([submit(campaign.id, form, 1), submit(campaign.id, form, 1)]);

    expect(answers.map(statusOf)).toEqual([200, 200]);
    expect(await tableCounts(campaign.id)).toMatchObject({ leads: 1, consents: 1, codes: 1, emails: 1, codeEmails: 1 });
    const codes = answers.map((answer) => payload<{ claim: { code: string } }>(answer).claim.code);
    expect(codes[0]).toBe(codes[1]);
  });

  it("refuses every lead of a paused campaign and stores none", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaign({ userId: owner.id });
    const tokens = await scanTokens(campaign.id, 5);
    const { db } = await getServices();
    await db.update(schema.campaign).set({ status: "paused" }).where(eq(schema.campaign.id, campaign.id));

    const answers = await Promise.all(
      tokens.map((scanToken, i) => submit(campaign.id, { name: "Late", email: `late${i}@example.com`, phone: "", scanToken }, i)),
    );

    expect(answers.map(statusOf)).toEqual(tokens.map(() => 409));
    expect(await tableCounts(campaign.id)).toMatchObject({ leads: 0, codes: 0 });
  });

  it("writes a batch as one statement: every column of each table, or nothing of the batch when a drawn code was taken", async () => {
    const owner = await createUser();
    const campaign = await createCampaign({ userId: owner.id });
    const { db } = await getServices();
    const [taken, first, second] = await scanTokens(campaign.id, 3);
    const [{ at }] = rowsOf<{ at: string }>(await db.execute(sql`select clock_timestamp()::text as at`)) as [{ at: string }];
    const wording = await wordingId(db, consentWordingOf("checkbox", "Bean There"));
    const entryOf = (scanId: string, email: string, draw?: () => string): BatchedLead => {
      const leadId = crypto.randomUUID();
      const code = newOfferCodeRow({ campaignId: campaign.id, userId: owner.id, leadId, email, at, rule: null, draw });
      const consent = leadConsentRowOf(
        {
          leadId,
          campaignId: campaign.id,
          mode: "checkbox",
          businessName: "Bean There",
          ticked: true,
          clientAddress: "203.0.113.5",
          userAgent: PHONE_UA,
          at,
        },
        wording,
      );
      return {
        lead: { id: leadId, campaignId: campaign.id, scanId, name: `Guest ${email}`, email, phone: "555 0100", placementId: null },
        code,
        consent: consent.row,
        ownerEmail: {
          kind: "new_lead",
          to: owner.email,
          content: { subject: `New lead ${email}`, html: `<p>${email}</p>`, text: email },
          campaignId: campaign.id,
          leadId,
        },
        visitorEmail: {
          kind: "offer_code",
          to: email,
          content: { subject: `Your code ${code.code}`, html: `<p>${code.code}</p>`, text: code.code },
          campaignId: campaign.id,
          leadId,
        },
        announce: false,
        at,
      };
    };
    const existing = entryOf(taken!, "first@example.com");
    expect(await storeLeadInBatch(db, existing)).toBe("stored");

    // A lead whose drawn code is already someone's: the batch it shares stores nothing at all.
    const clash = [entryOf(first!, "a@example.com", () => existing.code.code), entryOf(second!, "b@example.com")];
    expect(await Promise.all(clash.map((entry) => storeLeadInBatch(db, entry)))).toEqual(["alone", "alone"]);
    expect(await tableCounts(campaign.id)).toMatchObject({ leads: 1, consents: 1, codes: 1, emails: 1 });

    const fine = entryOf(second!, "b@example.com");
    expect(await storeLeadInBatch(db, fine)).toBe("stored");
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select l.name, l.email, l.phone, l.scan_id::text, l.collected_at = ${at}::timestamptz as lead_at,
        o.code, o.user_id, o.claimant_key, o.expires_at, c.mode, c.ticked, c.given_at = ${at}::timestamptz as consent_at,
        c.client_address, c.user_agent, c.withdraw_token_hash, c.confirm_token_hash, c.wording_id::text,
        m.kind, m."to", m.subject, m.html, m.text, m.status, m.created_at = ${at}::timestamptz as mail_at
        from lead l join offer_code o on o.lead_id = l.id join lead_consent c on c.lead_id = l.id join email_outbox m on m.lead_id = l.id
        where l.id = ${fine.lead.id} order by m.kind`),
    );
    expect(rows).toEqual([
      {
        name: "Guest b@example.com",
        email: "b@example.com",
        phone: "555 0100",
        scan_id: second,
        lead_at: true,
        code: fine.code.code,
        user_id: owner.id,
        claimant_key: fine.code.claimantKey,
        expires_at: null,
        mode: "checkbox",
        ticked: true,
        consent_at: true,
        client_address: "203.0.113.5",
        user_agent: PHONE_UA,
        withdraw_token_hash: fine.consent.withdrawTokenHash,
        confirm_token_hash: null,
        wording_id: wording,
        kind: "new_lead",
        to: owner.email,
        subject: "New lead b@example.com",
        html: "<p>b@example.com</p>",
        text: "b@example.com",
        status: "pending",
        mail_at: true,
      },
      {
        name: "Guest b@example.com",
        email: "b@example.com",
        phone: "555 0100",
        scan_id: second,
        lead_at: true,
        code: fine.code.code,
        user_id: owner.id,
        claimant_key: fine.code.claimantKey,
        expires_at: null,
        mode: "checkbox",
        ticked: true,
        consent_at: true,
        client_address: "203.0.113.5",
        user_agent: PHONE_UA,
        withdraw_token_hash: fine.consent.withdrawTokenHash,
        confirm_token_hash: null,
        wording_id: wording,
        kind: "offer_code",
        to: "b@example.com",
        subject: `Your code ${fine.code.code}`,
        html: `<p>${fine.code.code}</p>`,
        text: fine.code.code,
        status: "pending",
        mail_at: true,
      },
    ]);
  });
});
