// One scan token stores at most 1 + its budget of leads however its posts race (decision 333):
// its first lead is free (decision 322), every further lead (a second person with the same
// browser, decision 090) spends the token's budget, also when all the posts read the token as
// unused at once. The rest get the rate-limit refusal, never a 500.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "~/db/rows.server";
import * as schema from "~/db/schema";
import { answerLeadPost } from "~/features/capture/lead-post.server";
import { getEnv } from "~/utils/env.server";
import { RATE_LIMITED_MESSAGE, RATE_LIMITS } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { scanTokens, submit, tableCounts } from "../support/lead-support";
import { phoneUserAgent } from "../support/row-factories";

const REFUSAL = `Submission Error: ${RATE_LIMITED_MESSAGE}`;

/** Leads one token may store: its first, then its budget's worth. */
const tokenAllowance = () => 1 + RATE_LIMITS.leadByToken.points * getEnv().RATE_LIMIT_MULTIPLIER;

async function campaignWithOneScan(consentMode: "notice" | "checkbox" | "double_opt_in" = "checkbox") {
  const owner = await createUser({ isPro: true });
  const campaign = await createCampaignRow(owner.id);
  const { db } = await getServices();
  await db.update(schema.campaign).set({ consentMode }).where(eq(schema.campaign.id, campaign.id));
  const [token] = await scanTokens(campaign.id, 1);
  return { campaignId: campaign.id, token: token! };
}

const formOf = (token: string, i: number) => ({ name: `Guest ${i}`, email: `guest${i}@example.com`, phone: "", scanToken: token });

/** The form's script post (`/capture/{id}/lead`): status, Retry-After and the body the form shows. */
async function scriptPost(campaignId: string, token: string, i: number) {
  const { db } = await getServices();
  return answerLeadPost(db, {
    params: { campaignId },
    fields: formOf(token, i),
    clientAddress: `198.51.100.${(i % 250) + 1}`,
    userAgent: phoneUserAgent(),
    cookie: null,
  });
}

/** A phone without JavaScript: the capture route's action. */
async function plainPost(campaignId: string, token: string, i: number) {
  const result = await submit(campaignId, formOf(token, i), i);
  return { status: result.status, body: result.data };
}

// Sixty posts at once on one in-memory database, each shown its QR code: slow on a busy machine.
describe("one scan token and many posts at once", { timeout: 120_000 }, () => {
  it("stores 1 + the token's budget of 60 script posts with different emails; the rest are refused with Retry-After", async () => {
    const allowance = tokenAllowance();
    const posts = allowance + 9;
    const { campaignId, token } = await campaignWithOneScan();

    const answers = await Promise.all(Array.from({ length: posts }, (_, i) => scriptPost(campaignId, token, i)));

    const accepted = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(accepted.length).toBe(allowance);
    expect(refused.map((answer) => answer.status)).toEqual(refused.map(() => 429));
    for (const answer of refused) {
      expect(answer.body).toMatchObject({ ok: false, error: REFUSAL, scanToken: token });
      expect(Number(answer.headers?.["Retry-After"])).toBeGreaterThan(0);
    }
    // Every accepted visitor was shown their own code; each stored lead has its code, consent and owner email.
    expect(new Set(accepted.map((answer) => (answer.body as { claim?: { code: string } }).claim?.code)).size).toBe(allowance);
    expect(await tableCounts(campaignId)).toMatchObject({ leads: allowance, consents: allowance, codes: allowance, emails: allowance });
  });

  it("holds the same bound without JavaScript, and on the per-lead path (double opt-in is never batched)", async () => {
    const allowance = tokenAllowance();
    for (const mode of ["notice", "double_opt_in"] as const) {
      const { campaignId, token } = await campaignWithOneScan(mode);

      const answers = await Promise.all(Array.from({ length: allowance + 5 }, (_, i) => plainPost(campaignId, token, i)));

      expect(answers.filter((answer) => answer.status === 200).length).toBe(allowance);
      const refused = answers.filter((answer) => answer.status !== 200);
      expect(refused.map((answer) => [answer.status, answer.body.error])).toEqual(refused.map(() => [429, REFUSAL]));
      expect(await tableCounts(campaignId)).toMatchObject({ leads: allowance, consents: allowance, codes: allowance, emails: allowance });
    }
  });

  it("stores a double submit of the token's first lead once and charges nothing for it", async () => {
    const { campaignId, token } = await campaignWithOneScan();

    const answers = await Promise.all([scriptPost(campaignId, token, 1), scriptPost(campaignId, token, 1)]);

    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await tableCounts(campaignId)).toMatchObject({ leads: 1, consents: 1, codes: 1, emails: 1 });
    const { db } = await getServices();
    const [spent] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from rate_limit where key like ${`%${token}`}`));
    expect(spent!.n).toBe(0);
  });
});
