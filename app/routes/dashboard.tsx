import { PageHeader } from "~/components/page-header";
import { requireUser } from "~/features/auth/session.server";
import { PaymentSuccess } from "~/features/billing/payment-success";
import type { Route } from "./+types/dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const success = new URL(request.url).searchParams.get("success") === "true";
  return { success, isPro: user.plan.isPro };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  if (loaderData.success) return <PaymentSuccess isPro={loaderData.isPro} />;
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageHeader title="Dashboard" />
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · LeadQR" }];
