/* eslint-disable no-restricted-syntax, no-restricted-imports -- the counter's guard reads the session or the shared link and throws answers by design. */
import { data, redirect } from "react-router";
import { getSessionUser, ROLE_REFUSED, type Membership, type SessionUser } from "~/features/auth/session.server";
import { getServices } from "~/utils/services.server";
import type { RedeemActor } from "./counter.server";
import { getStaffActor, STAFF_COOKIE } from "./staff-links.server";

export function staffTokenOf(request: Request) {
  const match = new RegExp(`(?:^|;\\s*)${STAFF_COOKIE}=([^;]+)`).exec(request.headers.get("cookie") ?? "");
  return match ? decodeURIComponent(match[1]!) : null;
}

/**
 * The staff link's cookie, never readable by scripts. Path=/ because client navigations fetch
 * `/redeem.data`, outside Path=/redeem; no other route reads this cookie.
 */
export function staffCookie(token: string, secure: boolean) {
  return `${STAFF_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${180 * 24 * 60 * 60}${secure ? "; Secure" : ""}`;
}

export function clearStaffCookie() {
  return `${STAFF_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
}

export type CounterActor = RedeemActor & { isOwner: boolean };

/**
 * A member of the business at the counter (docs/features/team.md, "At the counter"): the owner's
 * codes claimed at their locations, redeemed under their own name. A viewer has no counter.
 */
function memberActor(sessionUser: SessionUser, membership: Membership): CounterActor {
  if (membership.role === "viewer") throw data(ROLE_REFUSED, { status: 403 });
  return {
    userId: membership.businessId,
    campaignId: null,
    staffAccessId: null,
    label: memberLabel(sessionUser.email),
    isOwner: false,
    locationIds: membership.locationIds,
    memberUserId: sessionUser.id,
  };
}

/** The name a member's redeems carry: the part of their address before the @, capitalised ("sam@…" → "Sam"). */
export function memberLabel(email: string) {
  const local = email.split("@")[0] ?? email;
  const first = local.split(/[._+-]/)[0] || local;
  return first.charAt(0).toUpperCase() + first.slice(1);
}

/**
 * Who may use the counter: the signed-in owner (all their codes), else a live staff link (that
 * owner's codes, one campaign's when set). A revoked link gets a 403 page; nobody gets /signin.
 */
export async function requireRedeemActor(request: Request): Promise<CounterActor> {
  const sessionUser = await getSessionUser(request);
  if (sessionUser?.membership) return memberActor(sessionUser, sessionUser.membership);
  if (sessionUser) return { userId: sessionUser.id, campaignId: null, staffAccessId: null, label: "Owner", isOwner: true };
  const token = staffTokenOf(request);
  if (token) {
    const { db } = await getServices();
    const actor = await getStaffActor(db, { token });
    if (actor) return { ...actor, isOwner: false };
    throw new Response("This staff link no longer works. Ask the owner for a new one.", {
      status: 403,
      headers: { "Set-Cookie": clearStaffCookie(), "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  throw redirect("/signin");
}
