import { ArrowRight, CreditCard, FileText, Megaphone, QrCode, UserPlus, Users } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { getAdminStats } from "~/features/admin/admin.server";
import { requireAdmin } from "~/features/auth/session.server";
import { ownerLanguageIn, ownerT, useOwnerNumbers, useOwnerT } from "~/features/languages/owner/owner-language";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/admin";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { db } = await getServices();
  return { stats: await getAdminStats(db) };
}

const AREAS = [
  { to: "/admin/users", key: "users", icon: Users },
  { to: "/admin/blog", key: "blog", icon: FileText },
  { to: "/admin/subscriptions", key: "subscriptions", icon: CreditCard },
  { to: "/admin/campaigns", key: "campaigns", icon: Megaphone },
  { to: "/admin/leads", key: "leads", icon: QrCode },
] as const;

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { stats } = loaderData;
  const t = useOwnerT("admin");
  const numbers = useOwnerNumbers();
  const cards = [
    { key: "users", value: stats.users, icon: Users, color: "bg-blue-100 text-blue-700" },
    { key: "newUsers", value: stats.newUsers, icon: UserPlus, color: "bg-green-100 text-green-700" },
    { key: "campaigns", value: stats.campaigns, icon: Megaphone, color: "bg-purple-100 text-purple-700" },
    { key: "newCampaigns", value: stats.newCampaigns, icon: Megaphone, color: "bg-orange-100 text-orange-700" },
    { key: "leads", value: stats.leads, icon: QrCode, color: "bg-green-100 text-green-700" },
    { key: "blogPosts", value: stats.blogPosts, icon: FileText, color: "bg-blue-100 text-blue-700" },
    { key: "subscriptions", value: stats.subscriptions, icon: CreditCard, color: "bg-purple-100 text-purple-700" },
  ] as const;
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageHeader title={t("dashboard.title")} description={t("dashboard.description")} />
      <section aria-label={t("dashboard.statistics")} className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((card) => (
          <div key={card.key} className="flex items-center justify-between rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
            <div>
              <p className="text-sm font-medium text-gray-600">{t(`dashboard.stats.${card.key}`)}</p>
              <p className="mt-1 text-3xl font-bold text-gray-900">{numbers.count(card.value)}</p>
            </div>
            <span className={`rounded-lg p-3 ${card.color}`}>
              <card.icon aria-hidden className="h-6 w-6" />
            </span>
          </div>
        ))}
      </section>
      <section aria-labelledby="areas-heading" className="mt-10">
        <h2 id="areas-heading" className="text-lg font-semibold text-gray-900">
          {t("dashboard.management")}
        </h2>
        <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {AREAS.map((area) => (
            <li key={area.to}>
              <Link
                to={area.to}
                className="group flex h-full items-start gap-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm hover:border-blue-300 hover:shadow focus-visible:outline-2 focus-visible:outline-blue-600"
              >
                <area.icon aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-blue-700" />
                <span className="flex-1">
                  <span className="block font-semibold text-gray-900">{t(`dashboard.areas.${area.key}.title`)}</span>
                  <span className="mt-1 block text-sm text-gray-600">{t(`dashboard.areas.${area.key}.text`)}</span>
                </span>
                <ArrowRight aria-hidden className="h-5 w-5 text-gray-400 group-hover:text-blue-700" />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("admin", ownerLanguageIn(matches))("dashboard.pageTitle") }];
