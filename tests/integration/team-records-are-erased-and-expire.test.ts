// A member's traces in a business they worked for (docs/features/team.md, "Erasure and
// retention"): deleting their sign-in takes their address out of the team's history and the
// invitations sent to it, while their redeems keep the name they were made under; spent
// invitations go 30 days after they were accepted, withdrawn or expired.
import { eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { deleteAccount } from "~/features/account/account.server";
import { INVITATION_KEPT_DAYS, runRetentionJob } from "~/features/consent/retention.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { codeRow, createClaim } from "../support/redeem-support";

type Person = Awaited<ReturnType<typeof createUser>>;
let owner: Person;
let sam: Person;
const DAY = 86_400_000;

function invite(email: string, at: { expiresAt: Date; acceptedAt?: Date; withdrawnAt?: Date }) {
  return { businessId: owner.id, email, role: "staff" as const, tokenHash: `hash-${Math.random()}`, invitedBy: owner.id, ...at };
}

beforeEach(async () => {
  owner = await createUser({ isPro: true });
  sam = await createUser({ email: `Sam.${Date.now()}@Example.org`.toLowerCase() });
});

describe("a member who deletes their sign-in", () => {
  it("leaves no address in the team's history or invitations; their redeems keep their name", async () => {
    const { db } = await getServices();
    await db.insert(schema.businessMember).values({ businessId: owner.id, userId: sam.id, role: "staff", invitedBy: owner.id });
    await db.insert(schema.teamAudit).values([
      { businessId: owner.id, actorEmail: owner.email, subjectEmail: sam.email, action: "invited", detail: "Staff" },
      { businessId: owner.id, actorEmail: sam.email.toUpperCase(), subjectEmail: "kim@example.org", action: "changed", detail: "Viewer" },
    ]);
    await db
      .insert(schema.teamInvite)
      .values([
        invite(sam.email, { expiresAt: new Date(Date.now() + 7 * DAY) }),
        invite("kim@example.org", { expiresAt: new Date(Date.now() + 7 * DAY) }),
      ]);
    const claim = await createClaim((await createCampaignRow(owner.id, { title: "Bakery Week" })).id, { name: "Ana", email: "ana@example.org" });
    await db
      .update(schema.offerCode)
      .set({ redeemedAt: new Date(), redeemedBy: "Sam", redeemedByUserId: sam.id, redeemedLocation: "Harbour" })
      .where(eq(schema.offerCode.code, claim.code));

    await deleteAccount(db, { userId: sam.id, headers: new Headers({ cookie: sam.cookie }) });

    const history = await db.select().from(schema.teamAudit).where(eq(schema.teamAudit.businessId, owner.id));
    expect(history.map((entry) => [entry.actorEmail, entry.subjectEmail]).sort()).toEqual(
      [
        ["a deleted account", "kim@example.org"],
        [owner.email, "a deleted account"],
      ].sort(),
    );
    expect(JSON.stringify(history).toLowerCase()).not.toContain(sam.email);
    const invitations = await db.select({ email: schema.teamInvite.email }).from(schema.teamInvite).where(eq(schema.teamInvite.businessId, owner.id));
    expect(invitations).toEqual([{ email: "kim@example.org" }]);
    expect(await db.select().from(schema.businessMember).where(eq(schema.businessMember.userId, sam.id))).toEqual([]);
    expect(await codeRow(claim.code)).toMatchObject({ redeemedBy: "Sam", redeemedByUserId: null, redeemedLocation: "Harbour" });
  });
});

describe("the retention job", () => {
  it(`deletes invitations ${INVITATION_KEPT_DAYS} days after they were accepted, withdrawn or expired, and keeps the others`, async () => {
    const { db } = await getServices();
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    const rows = await db
      .insert(schema.teamInvite)
      .values([
        invite("open@example.org", { expiresAt: new Date(Date.now() + 6 * DAY) }),
        invite("expired-lately@example.org", { expiresAt: ago(INVITATION_KEPT_DAYS - 1) }),
        invite("expired-long-ago@example.org", { expiresAt: ago(INVITATION_KEPT_DAYS + 1) }),
        invite("accepted-long-ago@example.org", { expiresAt: ago(INVITATION_KEPT_DAYS - 3), acceptedAt: ago(INVITATION_KEPT_DAYS + 2) }),
        invite("withdrawn-long-ago@example.org", { expiresAt: new Date(Date.now() + DAY), withdrawnAt: ago(INVITATION_KEPT_DAYS + 1) }),
      ])
      .returning({ id: schema.teamInvite.id });

    expect(await runRetentionJob(db, { force: true })).toMatchObject({ invitations: expect.any(Number) });

    const kept = await db
      .select({ email: schema.teamInvite.email })
      .from(schema.teamInvite)
      .where(
        inArray(
          schema.teamInvite.id,
          rows.map((row) => row.id),
        ),
      );
    expect(kept.map((row) => row.email).sort()).toEqual(["expired-lately@example.org", "open@example.org"]);
  });
});
