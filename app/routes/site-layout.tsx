import { Outlet, useMatches } from "react-router";
import { SiteHeader } from "~/features/auth/site-header";
import { VerifyEmailBanner } from "~/features/auth/verify-email-banner";
import { verifyBannerWords } from "~/features/auth/verify-email-banner.server";
import { getSessionUser } from "~/features/auth/session.server";
import { headerWords } from "~/features/auth/site-header.server";
import { OwnerLanguageContext } from "~/features/languages/owner/owner-language-context";
import { ownerLanguageFor, rememberBrowserLanguage } from "~/features/languages/owner/owner-language.server";
import { getPlanOfUser } from "~/features/billing/plan.server";
import { HandoverBanner } from "~/features/team/handover-banner";
import { handoverBannerParts } from "~/features/team/handover-banner.server";
import { handoversTo } from "~/features/team/handover.server";
import { switcherOf } from "~/features/team/switcher.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/site-layout";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const { db } = await getServices();
  // Only a member of another business can be offered one (docs/features/team.md, "Handing the business over").
  const [businesses, handovers] = user?.businesses ? await Promise.all([switcherOf(db, user), handoversTo(db, { userId: user.id })]) : [null, []];
  // A member sees the plan of the business they act for, not their own sign-in's.
  const ownerLanguage = ownerLanguageFor(user, request.headers.get("accept-language"));
  if (user) await rememberBrowserLanguage(db, user, ownerLanguage);
  const planName = user?.membership ? (await getPlanOfUser(db, { userId: user.membership.businessId })).name : user?.plan.name;
  return {
    user: user
      ? {
          email: user.email,
          planName: planName!,
          isAdmin: user.isAdmin,
          counterOnly: user.membership?.role === "staff",
          member: user.membership?.role === "manager" || user.membership?.role === "viewer" ? user.membership.role : undefined,
          businesses: businesses ?? undefined,
        }
      : null,
    unverifiedEmail: user && !user.emailVerified ? user.email : null,
    verifyWords: user && !user.emailVerified ? verifyBannerWords(ownerLanguage) : null,
    handovers: handovers.map((offer) => ({ business: offer.business, parts: handoverBannerParts(offer.business, ownerLanguage) })),
    headerWords: headerWords(planName ?? null, ownerLanguage),
    ownerLanguage,
  };
}

/**
 * After a navigation in the browser (signing up or in, choosing a language), the member's language
 * may be one this page has no words of yet: they are loaded before the layout shows it. The first
 * load is the server's, its catalogue loaded before hydrating (entry.client.tsx).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  // English is in the bundle: only another language fetches the loader, then its catalogue.
  if (data.ownerLanguage !== "en")
    await import("~/features/languages/owner/owner-catalogues.client").then(({ loadOwnerCatalogue }) => loadOwnerCatalogue(data.ownerLanguage));
  return data;
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  // The verification page confirms the address in its own loader, which runs alongside this one:
  // the page that says "confirmed" must not ask for the confirmation above it.
  const confirmedHere = useMatches().some(
    (match) => match.id === "routes/verify-email" && (match.data as { verified?: boolean } | undefined)?.verified,
  );
  return (
    <OwnerLanguageContext.Provider value={loaderData.ownerLanguage}>
      <div className="flex min-h-screen flex-col">
        <SiteHeader user={loaderData.user} words={loaderData.headerWords} />
        {loaderData.unverifiedEmail && loaderData.verifyWords && !confirmedHere ? (
          <VerifyEmailBanner email={loaderData.unverifiedEmail} words={loaderData.verifyWords} />
        ) : null}
        {loaderData.handovers.map((offer) => (
          <HandoverBanner key={offer.business} parts={offer.parts} />
        ))}
        <div className="flex-1">
          <Outlet />
        </div>
      </div>
    </OwnerLanguageContext.Provider>
  );
}
