// Rules: docs/features/emails.md ("The outbox").
import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  businessMember,
  businessMemberLocation,
  businessProfile,
  location,
  session,
  teamAudit,
  teamInvite,
  user,
  type MemberRole,
} from "~/db/schema";
import { enqueueEmail } from "~/features/email/outbox.server";
import type { Language } from "~/features/languages/languages";
import { ownerT } from "~/features/languages/owner/owner-language";
import { recipientLanguage } from "~/features/email/recipient-language.server";
import { DomainError } from "~/utils/domain-error";
import type { Acting } from "./member.server";
import { ownLocationIds } from "./locations.server";
import { INVITE_DAYS, type InvitedRole, planIncludesTeams, ROLE_LABEL, seatKindOf, seatLimit, seatLimitText } from "./team";
import { teamInviteEmail } from "./invite-email";
import { switchBusiness } from "./switcher.server";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const DAY_MS = 24 * 60 * 60 * 1000;

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The business's name as its members see it: the one in Settings, else the owner's address. */
export async function businessNameOf(db: Database | Tx, businessId: string) {
  const [row] = await db
    .select({ name: businessProfile.name, email: user.email })
    .from(user)
    .leftJoin(businessProfile, eq(businessProfile.userId, user.id))
    .where(eq(user.id, businessId));
  return row?.name || row?.email || "A business";
}

async function locationNames(db: Database | Tx, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db.select({ id: location.id, name: location.name }).from(location).where(inArray(location.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

const describe = (role: MemberRole, names: string[]) => `${ROLE_LABEL[role]}${names.length ? ` at ${names.join(", ")}` : ", no location"}`;

async function audit(db: Database | Tx, entry: typeof teamAudit.$inferInsert) {
  await db.insert(teamAudit).values(entry);
}

/** Members, open invitations and the audit trail of Settings → Team. */
export async function getTeam(db: Database, { businessId }: { businessId: string }) {
  const members = await db
    .select({ id: businessMember.id, email: user.email, role: businessMember.role, joinedAt: businessMember.createdAt })
    .from(businessMember)
    .innerJoin(user, eq(user.id, businessMember.userId))
    .where(eq(businessMember.businessId, businessId))
    .orderBy(asc(businessMember.createdAt));
  const places = members.length
    ? await db
        .select({ memberId: businessMemberLocation.memberId, id: location.id, name: location.name })
        .from(businessMemberLocation)
        .innerJoin(location, eq(location.id, businessMemberLocation.locationId))
        .where(
          inArray(
            businessMemberLocation.memberId,
            members.map((member) => member.id),
          ),
        )
        .orderBy(asc(location.name))
    : [];
  const invites = await db
    .select({
      id: teamInvite.id,
      email: teamInvite.email,
      role: teamInvite.role,
      locationIds: teamInvite.locationIds,
      expiresAt: teamInvite.expiresAt,
    })
    .from(teamInvite)
    .where(openInvites(businessId))
    .orderBy(asc(teamInvite.createdAt));
  const names = await locationNames(
    db,
    invites.flatMap((invite) => invite.locationIds),
  );
  const trail = await db
    .select({
      id: teamAudit.id,
      actor: teamAudit.actorEmail,
      subject: teamAudit.subjectEmail,
      action: teamAudit.action,
      detail: teamAudit.detail,
      at: teamAudit.createdAt,
    })
    .from(teamAudit)
    .where(eq(teamAudit.businessId, businessId))
    .orderBy(desc(teamAudit.createdAt))
    .limit(50);
  return {
    members: members.map((member) => {
      const own = places.filter((place) => place.memberId === member.id);
      return { ...member, locationIds: own.map((place) => place.id), locations: own.map((place) => place.name) };
    }),
    invites: invites.map((invite) => ({ ...invite, locations: invite.locationIds.flatMap((id) => names.get(id) ?? []) })),
    audit: trail,
  };
}

const openInvites = (businessId: string) =>
  and(eq(teamInvite.businessId, businessId), isNull(teamInvite.acceptedAt), isNull(teamInvite.withdrawnAt), gt(teamInvite.expiresAt, sql`now()`));

/** Members and open invitations that take a seat of this kind (staff, or managers and viewers). */
async function seatsTaken(tx: Tx, businessId: string, role: InvitedRole) {
  const roles: MemberRole[] = seatKindOf(role) === "staff" ? ["staff"] : ["manager", "viewer"];
  const [members] = (await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(businessMember)
    .where(and(eq(businessMember.businessId, businessId), inArray(businessMember.role, roles)))) as [{ count: number }];
  const [invites] = (await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(teamInvite)
    .where(and(openInvites(businessId), inArray(teamInvite.role, roles)))) as [{ count: number }];
  return members.count + invites.count;
}

export type InviteInput = { email: string; role: InvitedRole; locationIds: string[] };

/**
 * Invites someone by email: the plan's limit is checked under the owner's row lock (two invites at
 * once cannot pass it), then the invitation and its email commit together. `language`: the
 * inviter's, of their request (the invitee has no account to ask); their chosen one without it.
 */
export async function inviteMember(db: Database, options: { acting: Acting; appOrigin: string; input: InviteInput; language?: Language }) {
  const { acting, input, language } = options;
  const t = ownerT("team", language);
  if (!planIncludesTeams(acting.plan)) throw new DomainError("plan_required", seatLimitText(acting.plan, input.role, language));
  if (input.email === acting.user.email.toLowerCase()) throw new DomainError("team_invite_refused", t("refusals.ownAddress"));
  const locationIds = await ownLocationIds(db, { businessId: acting.businessId, ids: input.locationIds });
  const token = randomBytes(24).toString("base64url");
  await db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, acting.businessId)).for("update");
    const [member] = await tx
      .select({ id: businessMember.id })
      .from(businessMember)
      .innerJoin(user, eq(user.id, businessMember.userId))
      .where(and(eq(businessMember.businessId, acting.businessId), eq(sql`lower(${user.email})`, input.email)));
    if (member) throw new DomainError("team_invite_refused", t("refusals.alreadyMember", { email: input.email }));
    const [open] = await tx
      .select({ id: teamInvite.id })
      .from(teamInvite)
      .where(and(openInvites(acting.businessId), eq(teamInvite.email, input.email)));
    if (open) throw new DomainError("team_invite_refused", t("refusals.alreadyInvited", { email: input.email }));
    const limit = seatLimit(acting.plan, seatKindOf(input.role));
    if (limit !== null && (await seatsTaken(tx, acting.businessId, input.role)) >= limit) {
      throw new DomainError("team_limit", seatLimitText(acting.plan, input.role, language));
    }
    await tx.insert(teamInvite).values({
      businessId: acting.businessId,
      email: input.email,
      role: input.role,
      locationIds,
      tokenHash: sha256(token),
      invitedBy: acting.user.id,
      expiresAt: new Date(Date.now() + INVITE_DAYS * DAY_MS),
    });
    const names = await locationNames(tx, locationIds);
    await audit(tx, {
      businessId: acting.businessId,
      actorEmail: acting.user.email,
      subjectEmail: input.email,
      action: "invited",
      detail: describe(
        input.role,
        locationIds.flatMap((id) => names.get(id) ?? []),
      ),
    });
    const business = await businessNameOf(tx, acting.businessId);
    const link = `${options.appOrigin}/team/join/${token}`;
    await enqueueEmail(tx, {
      kind: "team_invite",
      to: input.email,
      content: teamInviteEmail(
        { business, role: input.role, link, days: INVITE_DAYS },
        options.language ?? recipientLanguage(acting.user.language ?? acting.user.browserLanguage),
      ),
    });
  });
}

export async function withdrawInvite(db: Database, options: { acting: Acting; inviteId: string }) {
  const [row] = await db
    .update(teamInvite)
    .set({ withdrawnAt: new Date() })
    .where(and(eq(teamInvite.id, options.inviteId), openInvites(options.acting.businessId)))
    .returning({ email: teamInvite.email });
  if (row)
    await audit(db, { businessId: options.acting.businessId, actorEmail: options.acting.user.email, subjectEmail: row.email, action: "withdrew" });
  return Boolean(row);
}

async function memberOf(db: Database | Tx, businessId: string, memberId: string) {
  const [row] = await db
    .select({ id: businessMember.id, userId: businessMember.userId, email: user.email })
    .from(businessMember)
    .innerJoin(user, eq(user.id, businessMember.userId))
    .where(and(eq(businessMember.id, memberId), eq(businessMember.businessId, businessId), ne(businessMember.role, "owner")));
  return row ?? null;
}

/** Changes a member's role and locations; false when they are not this business's member. */
export async function updateMember(
  db: Database,
  options: { acting: Acting; memberId: string; role: InvitedRole; locationIds: string[]; language?: Language },
) {
  const { acting } = options;
  const locationIds = await ownLocationIds(db, { businessId: acting.businessId, ids: options.locationIds });
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, acting.businessId)).for("update");
    const member = await memberOf(tx, acting.businessId, options.memberId);
    if (!member) return false;
    const [current] = await tx.select({ role: businessMember.role }).from(businessMember).where(eq(businessMember.id, member.id));
    const limit = seatLimit(acting.plan, seatKindOf(options.role));
    if (current!.role !== options.role && limit !== null && seatKindOf(current!.role as InvitedRole) !== seatKindOf(options.role)) {
      if ((await seatsTaken(tx, acting.businessId, options.role)) >= limit)
        throw new DomainError("team_limit", seatLimitText(acting.plan, options.role, options.language));
    }
    await tx.update(businessMember).set({ role: options.role }).where(eq(businessMember.id, member.id));
    await tx.delete(businessMemberLocation).where(eq(businessMemberLocation.memberId, member.id));
    if (locationIds.length) await tx.insert(businessMemberLocation).values(locationIds.map((locationId) => ({ memberId: member.id, locationId })));
    const names = await locationNames(tx, locationIds);
    await audit(tx, {
      businessId: acting.businessId,
      actorEmail: acting.user.email,
      subjectEmail: member.email,
      action: "changed",
      detail: describe(
        options.role,
        locationIds.flatMap((id) => names.get(id) ?? []),
      ),
    });
    return true;
  });
}

/** Removes a member and ends every session of theirs at once (docs/features/team.md, "Removing someone"). */
export async function removeMember(db: Database, options: { acting: Acting; memberId: string }) {
  const { acting } = options;
  return db.transaction(async (tx) => {
    const member = await memberOf(tx, acting.businessId, options.memberId);
    if (!member) return false;
    await tx.delete(businessMember).where(eq(businessMember.id, member.id));
    await tx.delete(session).where(eq(session.userId, member.userId));
    await audit(tx, { businessId: acting.businessId, actorEmail: acting.user.email, subjectEmail: member.email, action: "removed" });
    return true;
  });
}

export type InviteState = { state: "open"; id: string; email: string; role: MemberRole; business: string; businessId: string } | { state: "gone" };

/** What an invitation link leads to; "gone" when it is unknown, used, withdrawn or expired (never which). */
export async function findInvite(db: Database, { token }: { token: string }): Promise<InviteState> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return { state: "gone" };
  const [row] = await db
    .select({ id: teamInvite.id, email: teamInvite.email, role: teamInvite.role, businessId: teamInvite.businessId })
    .from(teamInvite)
    .where(
      and(
        eq(teamInvite.tokenHash, sha256(token)),
        isNull(teamInvite.acceptedAt),
        isNull(teamInvite.withdrawnAt),
        gt(teamInvite.expiresAt, sql`now()`),
      ),
    );
  if (!row) return { state: "gone" };
  return { state: "open", ...row, business: await businessNameOf(db, row.businessId) };
}

/**
 * The signed-in user joins the business the link invites to, once, if the link was sent to their
 * address; a sign-in that runs its own business keeps it, and the session that joined acts for the
 * new one (docs/features/team.md, "Several businesses, one sign-in"). False when the link is gone
 * or for someone else.
 */
export async function acceptInvite(db: Database, options: { token: string; userId: string; email: string; sessionId: string | null }) {
  const invite = await findInvite(db, { token: options.token });
  if (invite.state !== "open" || invite.email !== options.email.toLowerCase() || invite.businessId === options.userId) return false;
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .update(teamInvite)
      .set({ acceptedAt: new Date() })
      .where(and(eq(teamInvite.id, invite.id), isNull(teamInvite.acceptedAt)))
      .returning({ locationIds: teamInvite.locationIds, invitedBy: teamInvite.invitedBy });
    if (!taken) return false;
    const [member] = await tx
      .insert(businessMember)
      .values({ businessId: invite.businessId, userId: options.userId, role: invite.role, invitedBy: taken.invitedBy })
      .onConflictDoUpdate({ target: [businessMember.businessId, businessMember.userId], set: { role: invite.role } })
      .returning({ id: businessMember.id });
    // A location deleted since the invitation is left out.
    const places = await ownLocationIds(tx, { businessId: invite.businessId, ids: taken.locationIds });
    await tx.delete(businessMemberLocation).where(eq(businessMemberLocation.memberId, member!.id));
    if (places.length) await tx.insert(businessMemberLocation).values(places.map((locationId) => ({ memberId: member!.id, locationId })));
    await audit(tx, {
      businessId: invite.businessId,
      actorEmail: options.email,
      subjectEmail: options.email,
      action: "joined",
      detail: ROLE_LABEL[invite.role],
    });
    if (options.sessionId) await switchBusiness(tx, { userId: options.userId, sessionId: options.sessionId, businessId: invite.businessId });
    return true;
  });
}

/** Whether an address already has a LeadQR sign-in (the join page asks for its password then). */
export async function hasSignIn(db: Database, { email }: { email: string }) {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  return Boolean(row);
}
