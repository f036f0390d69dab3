import { PageHeader } from "~/components/page-header";
import { requireUser } from "~/features/auth/session.server";
import type { Route } from "./+types/settings";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function Page() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageHeader title="Settings" />
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Settings · LeadQR" }];
