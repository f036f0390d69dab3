import { Outlet } from "react-router";
import { SiteHeader } from "~/components/site-header";
import { VerifyEmailBanner } from "~/features/auth/verify-email-banner";
import { getSessionUser } from "~/features/auth/session.server";
import type { Route } from "./+types/site-layout";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  return {
    user: user ? { email: user.email, planName: user.plan.name, isAdmin: user.isAdmin } : null,
    unverifiedEmail: user && !user.emailVerified ? user.email : null,
  };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader user={loaderData.user} />
      {loaderData.unverifiedEmail ? <VerifyEmailBanner email={loaderData.unverifiedEmail} /> : null}
      <div className="flex-1">
        <Outlet />
      </div>
    </div>
  );
}
