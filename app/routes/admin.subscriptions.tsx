import { PageHeader } from "~/components/page-header";
import { requireAdmin } from "~/features/auth/session.server";
import type { Route } from "./+types/admin.subscriptions";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageHeader title="Subscription Management" />
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Subscription Management · LeadQR" }];
