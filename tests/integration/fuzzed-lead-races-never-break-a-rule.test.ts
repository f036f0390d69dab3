// Races a crowd can make on the lead path (decisions 322, 333, 334), with fast-check choosing the
// crowd: many posts on one scan token, and emails that clash inside one batch. Whatever the mix,
// nothing answers 5xx, one token stores at most 1 + its budget, every stored lead has its consent
// record and owner email, and a clash costs only the clashing leads.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "~/features/capture/capture-fields";
import { storeLeadInBatch } from "~/features/capture/lead-batch.server";
import { getEnv } from "~/utils/env.server";
import { RATE_LIMITS } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { batchEntries, scanTokens, submit, tableCounts } from "../support/lead-support";

const RUNS = 6;

describe("lead races never break a rule", { timeout: 300_000 }, () => {
  it("parallel posts on one token: at most 1 + its budget stored, each with its code, consent and email; the rest 429", async () => {
    const allowance = 1 + RATE_LIMITS.leadByToken.points * getEnv().RATE_LIMIT_MULTIPLIER;
    const owner = await createUser({ isPro: true });
    // Emails drawn from a small pool, so double submits and second claims mix with new people.
    const crowd = fc.record({
      posts: fc.oneof(
        { weight: 1, arbitrary: fc.integer({ min: 2, max: allowance }) },
        { weight: 3, arbitrary: fc.integer({ min: allowance + 1, max: allowance + 15 }) },
      ),
      emailPool: fc.oneof(
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 5 }) },
        { weight: 3, arbitrary: fc.integer({ min: allowance, max: 90 }) },
      ),
      seed: fc.integer({ min: 0, max: 1000 }),
      honeypotEvery: fc.option(fc.integer({ min: 5, max: 20 }), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(crowd, async ({ posts, emailPool, seed, honeypotEvery }) => {
        const campaign = await createCampaignRow(owner.id);
        const [token] = await scanTokens(campaign.id, 1);
        const forms = Array.from({ length: posts }, (_, i) => ({
          name: `Guest ${i}`,
          email: `guest${(seed + i) % emailPool}@example.com`,
          phone: "",
          scanToken: token!,
          ...(honeypotEvery && i % honeypotEvery === 1 ? { [HONEYPOT_FIELD]: "https://spam.example" } : {}),
        }));

        const answers = await Promise.all(forms.map((form, i) => submit(campaign.id, form, i)));

        const statuses = answers.map((answer) => answer.status);
        expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
        const counts = await tableCounts(campaign.id);
        expect(counts.leads).toBeLessThanOrEqual(allowance);
        expect(counts.leads).toBeLessThanOrEqual(statuses.filter((status) => status === 200).length);
        expect(counts.consents).toBe(counts.leads);
        expect(counts.emails).toBe(counts.leads);
        expect(counts.codes).toBeLessThanOrEqual(counts.leads);
        expect(counts.codes).toBe(new Set(forms.filter((_, i) => statuses[i] === 200 && !(HONEYPOT_FIELD in forms[i]!)).map((f) => f.email)).size);
      }),
      { numRuns: RUNS },
    );
  });

  it("clashing emails in one batch: the genuine leads are stored by the batch, only the clashing ones go alone", async () => {
    const owner = await createUser();
    const { db } = await getServices();
    const mix = fc.record({
      genuine: fc.integer({ min: 0, max: 20 }),
      claimedBefore: fc.integer({ min: 0, max: 6 }),
      codeTaken: fc.integer({ min: 0, max: 3 }),
      order: fc.array(fc.nat(), { maxLength: 40 }),
    });
    await fc.assert(
      fc.asyncProperty(mix, async ({ genuine, claimedBefore, codeTaken, order }) => {
        const campaign = await createCampaignRow(owner.id);
        const { entryOf } = await batchEntries(owner, campaign.id);
        const tokens = await scanTokens(campaign.id, 2 + genuine + 2 * claimedBefore + codeTaken);
        const next = () => tokens.pop()!;
        // Already stored: the first of each pair (another visitor's claim of the same email) and one code.
        const earlier = Array.from({ length: claimedBefore }, (_, i) => entryOf(next(), `pair${i}@example.com`));
        const holder = entryOf(next(), "holder@example.com");
        for (const entry of [holder, ...earlier]) expect(await storeLeadInBatch(db, entry)).toBe("stored");

        const clashing = [
          ...earlier.map((_, i) => entryOf(next(), i % 2 ? `PAIR${i}@Example.com` : `pair${i}@example.com`)),
          ...Array.from({ length: codeTaken }, (_, i) => entryOf(next(), `taken${i}@example.com`, () => holder.code.code)),
        ];
        const fresh = Array.from({ length: genuine }, (_, i) => entryOf(next(), `crowd${i}@example.com`));
        const pacer = entryOf(next(), "pacer@example.com");
        const shuffled = [...clashing, ...fresh];
        order.forEach((n, i) => {
          const a = i % shuffled.length;
          const b = n % shuffled.length;
          if (shuffled.length > 1) [shuffled[a], shuffled[b]] = [shuffled[b]!, shuffled[a]!];
        });

        const outcomes = await Promise.all([pacer, ...shuffled].map((entry) => storeLeadInBatch(db, entry)));

        expect(outcomes[0]).toBe("stored");
        shuffled.forEach((entry, i) =>
          expect([entry.lead.email, outcomes[i + 1]]).toEqual([entry.lead.email, fresh.includes(entry) ? "stored" : "alone"]),
        );
        const stored = 2 + claimedBefore + genuine;
        expect(await tableCounts(campaign.id)).toMatchObject({ leads: stored, consents: stored, codes: stored, emails: stored });
      }),
      { numRuns: RUNS * 3 },
    );
  });

  it("a crowd of pairs posting the same email at once: every post answered 200, each email one code, each genuine visitor their own", async () => {
    const owner = await createUser({ isPro: true });
    const crowd = fc.record({
      genuine: fc.integer({ min: 1, max: 25 }),
      pairs: fc.integer({ min: 1, max: 6 }),
      shift: fc.nat({ max: 40 }),
    });
    await fc.assert(
      fc.asyncProperty(crowd, async ({ genuine, pairs, shift }) => {
        const campaign = await createCampaignRow(owner.id);
        const tokens = await scanTokens(campaign.id, genuine + 2 * pairs);
        const forms = tokens.map((scanToken, i) => ({
          name: `Guest ${i}`,
          email: i < 2 * pairs ? `pair${i % pairs}@example.com` : `genuine${i}@example.com`,
          phone: "",
          scanToken,
        }));
        const order = forms.map((_, i) => (i + shift) % forms.length);

        const answers = new Map(await Promise.all(order.map(async (i) => [i, await submit(campaign.id, forms[i]!, i)] as const)));

        expect([...answers.values()].map((answer) => answer.status)).toEqual(forms.map(() => 200));
        expect(await tableCounts(campaign.id)).toMatchObject({ leads: genuine + pairs, consents: genuine + pairs, codes: genuine + pairs });
        const bodies = forms.map((_, i) => answers.get(i)!.data as { claim?: { code: string }; alreadyClaimed?: boolean });
        const shown = bodies.filter((body) => body.claim).map((body) => body.claim!.code);
        expect(new Set(shown).size).toBe(genuine + pairs);
        expect(bodies.filter((body) => body.alreadyClaimed).length).toBe(pairs);
      }),
      { numRuns: RUNS },
    );
  });
});
