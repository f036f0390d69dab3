import { Check, Loader2 } from "lucide-react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { PublicPageIntro } from "~/components/page-header";
import { SiteFooter } from "~/components/site-footer";
import { getSessionUser } from "~/features/auth/session.server";
import { LIFT_LIMITS_WITHOUT_STRIPE, startCheckout } from "~/features/billing/checkout.server";
import { ENTERPRISE_PLAN_NAME, FREE_CAMPAIGN_LIMIT, FREE_SCAN_LIMIT, PRO_PRICE_USD } from "~/features/billing/plan";
import { enPricing } from "~/features/languages/owner/en-pricing";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import { fill } from "~/features/languages/owner/public-words";
import { publicWordsIn } from "~/features/languages/owner/public-words.server";
import { requireBusiness } from "~/features/team/member.server";
import { refusalIn } from "~/features/languages/owner/refusals";
import { answerDomainError, withRefusalHeaders } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/pricing";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  // A signed-in member reads the page in their language; English is in the page's bundle.
  const words = publicWordsIn("pricing", ownerLanguageFor(user, request.headers.get("accept-language")));
  return { signedIn: Boolean(user), isPro: Boolean(user?.plan.isPro), words };
}

export async function action({ request }: Route.ActionArgs) {
  // Paying is the owner's: a member would otherwise start a checkout for their own, empty account.
  const { user } = await requireBusiness(request);
  const { db } = await getServices();
  return answerDomainError(
    async () => redirect((await startCheckout(db, { user })).url),
    (refusal) => ({
      error: refusalIn(refusal, ownerLanguageFor(user, request.headers.get("accept-language"))),
      operatorHint: refusal.code === "not_configured" ? LIFT_LIMITS_WITHOUT_STRIPE : null,
    }),
  );
}

type Words = typeof enPricing;
type Feature = keyof Words["features"];

const STARTER: Feature[] = ["oneCampaign", "fiveScans", "aiCopy", "basicAnalytics", "csvExport"];
const PROFESSIONAL: Feature[] = [
  "unlimitedCampaigns",
  "unlimitedScans",
  "aiCopy",
  "advancedAnalytics",
  "prioritySupport",
  "customBranding",
  "csvExport",
];
const ENTERPRISE: Feature[] = ["unlimitedEverything", "whiteLabel", "dedicatedSupport", "apiAccess", "customIntegrations", "sla"];
const FAQ = ["changePlans", "cancel", "refunds", "setupFee"] as const;
// The plans' names and figures are the page's in every language (a product's name, like "Pro").
const PLAN_NAMES = { starter: "Starter", professional: "Professional", enterprise: ENTERPRISE_PLAN_NAME };
const FREE_PRICE = "$0";
const PRO_PRICE = `$${PRO_PRICE_USD}`;
// Written to our sales team, in English.
const SALES_EMAIL =
  "mailto:sales@leadqr.app?subject=" +
  encodeURIComponent("LeadQR Enterprise enquiry") +
  "&body=" +
  encodeURIComponent(
    "Hello LeadQR team,\n\nWe are interested in the Enterprise plan.\n\nCompany:\nNumber of locations:\nExpected monthly scans:\n\nThank you!",
  );

const buttonBase = "mt-8 flex w-full items-center justify-center gap-2 rounded-lg px-4 py-3 text-center font-semibold";

export const headers = withRefusalHeaders();

export default function Pricing({ loaderData, actionData }: Route.ComponentProps) {
  const { signedIn, isPro } = loaderData;
  const words = loaderData.words ?? enPricing;
  const features = (keys: Feature[]) => keys.map((key) => words.features[key]);
  const navigation = useNavigation();
  const isStarting = navigation.state !== "idle" && navigation.formAction === "/pricing";

  return (
    <>
      <main className="px-4 py-16">
        <div className="mx-auto max-w-6xl">
          <PublicPageIntro title={words.title} lead={words.lead} />

          {actionData?.error ? (
            <div role="alert" className="mx-auto mt-8 max-w-xl rounded-lg border border-red-200 bg-red-50 p-4 text-center text-red-700">
              <p>{actionData.error}</p>
              {actionData.operatorHint ? <p className="mt-2 text-sm text-red-800">{actionData.operatorHint}</p> : null}
            </div>
          ) : null}

          <div className="mt-12 grid gap-8 lg:grid-cols-3">
            <PlanCard
              name={PLAN_NAMES.starter}
              price={FREE_PRICE}
              period={words.perMonth}
              features={features(STARTER)}
              note={fill(words.freeLimits, { campaigns: FREE_CAMPAIGN_LIMIT, scans: FREE_SCAN_LIMIT })}
            >
              {signedIn ? (
                <span className={`${buttonBase} border border-gray-300 text-gray-500`}>{words.currentPlan}</span>
              ) : (
                <Link to="/signup" className={`${buttonBase} border border-blue-600 text-blue-700 hover:bg-blue-50`}>
                  {words.getStarted}
                </Link>
              )}
            </PlanCard>

            <PlanCard
              name={PLAN_NAMES.professional}
              price={PRO_PRICE}
              period={words.perMonth}
              features={features(PROFESSIONAL)}
              mostPopular={words.mostPopular}
            >
              {isPro ? (
                <span className={`${buttonBase} bg-blue-100 text-blue-800`}>{words.currentPlan}</span>
              ) : signedIn ? (
                <Form method="post">
                  <button
                    type="submit"
                    disabled={isStarting}
                    className={`${buttonBase} bg-blue-600 text-white hover:bg-blue-700 disabled:opacity-60`}
                  >
                    {isStarting ? (
                      <>
                        <Loader2 aria-hidden className="h-5 w-5 animate-spin" /> {words.loading}
                      </>
                    ) : (
                      words.upgrade
                    )}
                  </button>
                </Form>
              ) : (
                <Link to="/signup" className={`${buttonBase} bg-blue-600 text-white hover:bg-blue-700`}>
                  {words.startTrial}
                </Link>
              )}
            </PlanCard>

            <PlanCard name={PLAN_NAMES.enterprise} price={words.custom} features={features(ENTERPRISE)}>
              <a href={SALES_EMAIL} className={`${buttonBase} bg-gray-900 text-white hover:bg-gray-800`}>
                {words.contactSales}
              </a>
            </PlanCard>
          </div>

          <section id="faq" aria-labelledby="faq-title" className="mx-auto mt-20 max-w-3xl">
            <h2 id="faq-title" className="text-center text-2xl font-bold text-gray-900">
              {words.faq.title}
            </h2>
            <dl className="mt-8 space-y-6">
              {FAQ.map((key) => (
                <div key={key} className="rounded-xl border border-gray-200 bg-white p-6">
                  <dt className="font-semibold text-gray-900">{words.faq[key].q}</dt>
                  <dd className="mt-2 text-gray-600">{words.faq[key].a}</dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}

function PlanCard(props: {
  name: string;
  price: string;
  period?: string;
  features: string[];
  note?: string;
  /** The highlighted plan's badge. */
  mostPopular?: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-label={props.name}
      className={`relative flex flex-col rounded-2xl border bg-white p-8 shadow-sm ${props.mostPopular ? "border-blue-600 ring-2 ring-blue-600" : "border-gray-200"}`}
    >
      {props.mostPopular ? (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-blue-600 px-3 py-1 text-xs font-semibold text-white">
          {props.mostPopular}
        </span>
      ) : null}
      <h2 className="text-xl font-bold text-gray-900">{props.name}</h2>
      <p className="mt-4">
        <span className="text-4xl font-extrabold text-gray-900">{props.price}</span>
        {props.period ? <span className="text-gray-500">{props.period}</span> : null}
      </p>
      {props.note ? <p className="mt-2 text-sm text-gray-500">{props.note}</p> : null}
      <ul className="mt-6 flex-1 space-y-3">
        {props.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2 text-gray-700">
            <Check aria-hidden className="mt-0.5 h-5 w-5 flex-none text-green-600" />
            {feature}
          </li>
        ))}
      </ul>
      {props.children}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const words = loaderData?.words ?? enPricing;
  return [{ title: words.pageTitle }, { name: "description", content: fill(words.pageDescription, { price: PRO_PRICE }) }];
};
