import { CheckCircle2, Clock, KeyRound, AlertOctagon, RotateCcw, Search, XCircle } from "lucide-react";
import { data, Form, Link, useNavigate, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { redeemerOf } from "~/db/redeemed-by";
import { CODE_STATUS_COLOR, CODE_STATUS_LABEL } from "~/features/redeem/code";
import { CodeScanner } from "~/features/redeem/code-scanner";
import { requireRedeemActor } from "~/features/redeem/actor.server";
import {
  reserveCounterAttempt,
  refundCounterAttempt,
  CODE_NOT_FOUND,
  lookupForCounter,
  redeemAtCounter,
  undoAtCounter,
  type CounterActionResult,
  type CounterCode,
  type CounterOutcome,
} from "~/features/redeem/counter.server";
import { answerDomainError, formFields, readForm, withRefusalHeaders } from "~/utils/http.server";
import { clientAddress } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import { getTimeZone } from "~/utils/time-zone.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { ownerT, useOwnerT, ownerLanguageIn } from "~/features/languages/owner/owner-language";
import type { Route } from "./+types/redeem";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRedeemActor(request);
  const typed = (new URL(request.url).searchParams.get("code") ?? "").trim().slice(0, 40);
  // A signed-in member can sign out here: the counter is the only screen they have (docs/features/team.md).
  const scope = { isOwner: actor.isOwner, isMember: Boolean(actor.memberUserId), label: actor.isOwner ? null : redeemerOf(actor.label).name };
  if (!typed) return { scope, typed, found: null as CounterCode | null, error: null as string | null };
  const budget = { actor, clientAddress: clientAddress(request) };
  return answerDomainError(
    async () => {
      await reserveCounterAttempt(budget);
      const { db } = await getServices();
      const found = await lookupForCounter(db, { actor, code: typed, timeZone: await getTimeZone(request) });
      if (found) await refundCounterAttempt(budget);
      return data({ scope, typed, found, error: found ? null : CODE_NOT_FOUND }, { status: found ? 200 : 404 });
    },
    (refused) => ({ scope, typed, found: null, error: refused.message }),
  );
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRedeemActor(request);
  const fields = formFields(await readForm(request));
  const code = (fields.code ?? "").slice(0, 40);
  if (fields.intent !== "redeem" && fields.intent !== "undo") {
    return data<CounterActionResult>({ ok: false, message: "Unknown action." }, { status: 400 });
  }
  const budget = { actor, clientAddress: clientAddress(request) };
  return answerDomainError(
    async () => {
      await reserveCounterAttempt(budget);
      const { db } = await getServices();
      const { outcome, ...result } =
        fields.intent === "redeem"
          ? await redeemAtCounter(db, { actor, code, timeZone: await getTimeZone(request) })
          : await undoAtCounter(db, { actor, code });
      if (outcome !== "not_found") await refundCounterAttempt(budget);
      return data<CounterActionResult>(result, { status: COUNTER_STATUS[outcome] });
    },
    (refused): CounterActionResult => ({ ok: false, message: refused.message }),
  );
}

const COUNTER_STATUS: Record<CounterOutcome, number> = {
  redeemed: 200,
  undone: 200,
  already_redeemed: 409,
  expired: 409,
  too_late_to_undo: 409,
  not_found: 404,
};

export const headers = withRefusalHeaders({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

export default function Redeem({ loaderData, actionData }: Route.ComponentProps) {
  const { scope, typed, found, error } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const message = actionData as CounterActionResult | undefined;
  // After a redeem the field is ready for the next customer, and the card says what just happened.
  const justRedeemed = Boolean(found && message?.redeemedCode === found.code);
  // A used code shouts above everything; the same words from a late press are not said twice.
  const alreadyRedeemed = justRedeemed ? null : (found?.alreadyRedeemed ?? null);
  const shownMessage = message && message.message !== alreadyRedeemed ? message : null;
  const t = useOwnerT("redeem");

  return (
    <div className="min-h-screen bg-gray-50">
      <header className="border-b border-gray-200 bg-white">
        {/* On a phone a member's name and links take a second row rather than squeeze the name to "…". */}
        <div className="mx-auto flex max-w-md flex-wrap items-center justify-between gap-x-2 gap-y-1 px-4 py-3">
          <p className="flex items-center gap-2 font-bold text-gray-900">
            <KeyRound aria-hidden className="h-5 w-5 text-blue-600" /> {t("heading")}
          </p>
          {scope.isOwner ? (
            <nav aria-label={t("owner")} className="flex gap-3 text-sm font-medium">
              <Link to="/redeem/staff" className="text-blue-600 hover:text-blue-700">
                {t("staffLinks")}
              </Link>
              <Link to="/dashboard" className="text-blue-600 hover:text-blue-700">
                {t("dashboard")}
              </Link>
            </nav>
          ) : (
            <div className="flex min-w-0 items-center gap-3">
              <p className="truncate text-sm text-gray-600">{t("staff", { label: scope.label ?? "" })}</p>
              {scope.isMember ? (
                <Link
                  to="/settings/sign-in"
                  className="min-h-11 content-center text-sm font-medium whitespace-nowrap text-blue-600 hover:text-blue-700"
                >
                  {t("passkeys")}
                </Link>
              ) : null}
              {scope.isMember ? (
                <Form method="post" action="/signout">
                  <button type="submit" className="min-h-11 text-sm font-medium whitespace-nowrap text-blue-600 hover:text-blue-700">
                    {t("signOut")}
                  </button>
                </Form>
              ) : null}
            </div>
          )}
        </div>
      </header>
      <main className="mx-auto max-w-md space-y-5 px-4 py-6">
        {alreadyRedeemed ? (
          <div role="alert" className="flex gap-3 rounded-2xl bg-red-700 p-4 text-white shadow-md">
            <AlertOctagon aria-hidden className="h-8 w-8 shrink-0" />
            <div>
              <p className="text-xl leading-snug font-bold">{alreadyRedeemed}</p>
              <p className="mt-1 text-base">{t("doNotHandOver")}</p>
            </div>
          </div>
        ) : null}
        <h1 className="text-2xl font-bold text-gray-900">{t("title")}</h1>
        <Form method="get" className="space-y-3" aria-label={t("lookUpForm")}>
          <label htmlFor="redeem-code" className="block text-sm font-medium text-gray-700">
            {t("code")}
          </label>
          <input
            id="redeem-code"
            name="code"
            defaultValue={justRedeemed ? "" : typed}
            key={`${typed}:${justRedeemed}`}
            required
            maxLength={40}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={t("codePlaceholder")}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "redeem-code-error" : undefined}
            className="w-full rounded-xl border border-gray-300 bg-white px-4 py-3 font-mono text-2xl tracking-widest uppercase text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500 focus:outline-none"
          />
          {error ? (
            <p id="redeem-code-error" role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={busy}
            className="inline-flex w-full items-center justify-center gap-2 rounded-xl bg-blue-600 px-4 py-3 text-base font-semibold text-white hover:bg-blue-700 disabled:opacity-60"
          >
            <Search aria-hidden className="h-5 w-5" /> {t("lookUp")}
          </button>
        </Form>
        <CodeScanner onCode={(code) => navigate(`/redeem?code=${encodeURIComponent(code)}`)} />

        {shownMessage ? (
          <p
            role="status"
            className={`rounded-xl p-4 text-base font-semibold ${shownMessage.ok ? "bg-green-50 text-green-800" : "bg-amber-50 text-amber-900"}`}
          >
            {shownMessage.message}
          </p>
        ) : null}

        {found ? <CodeCard found={found} busy={busy} justRedeemed={justRedeemed} /> : null}
      </main>
    </div>
  );
}

function CodeCard({ found, busy, justRedeemed }: { found: CounterCode; busy: boolean; justRedeemed: boolean }) {
  const Icon = found.status === "valid" ? CheckCircle2 : found.status === "redeemed" ? Clock : XCircle;
  const t = useOwnerT("redeem");
  return (
    <section aria-labelledby="code-heading" className="space-y-4 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h2 id="code-heading" className="font-mono text-xl font-bold tracking-widest text-gray-900">
          {found.code}
        </h2>
        <Badge color={CODE_STATUS_COLOR[found.status]}>
          <Icon aria-hidden className="h-3.5 w-3.5" />
          {CODE_STATUS_LABEL[found.status]}
        </Badge>
      </div>
      <p className="text-2xl font-bold text-gray-900">{found.offer}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-gray-500">{t("card.condition")}</dt>
        <dd className="text-gray-900">{found.condition}</dd>
        <dt className="text-gray-500">{t("card.firstName")}</dt>
        <dd className="text-gray-900">{found.firstName}</dd>
        <dt className="text-gray-500">{t("card.claimed")}</dt>
        <dd className="text-gray-900">{found.claimedOn}</dd>
        <dt className="text-gray-500">{t("card.campaign")}</dt>
        <dd className="text-gray-900">{found.campaignTitle}</dd>
        <dt className="text-gray-500">{t("card.status")}</dt>
        <dd className="font-semibold text-gray-900">{justRedeemed ? t("card.justNow") : found.statusText}</dd>
      </dl>
      {found.status === "valid" ? (
        <Form method="post">
          <input type="hidden" name="code" value={found.code} />
          <button
            type="submit"
            name="intent"
            value="redeem"
            disabled={busy}
            className="inline-flex w-full items-center justify-center gap-2 rounded-xl bg-green-600 px-4 py-4 text-lg font-bold text-white hover:bg-green-700 disabled:opacity-60"
          >
            <CheckCircle2 aria-hidden className="h-6 w-6" /> {t("card.markRedeemed")}
          </button>
        </Form>
      ) : null}
      {/* Undo is the rare correction: a small outlined button, never the size of the main action (issue 54). */}
      {found.canUndo ? (
        <Form method="post">
          <input type="hidden" name="code" value={found.code} />
          <button
            type="submit"
            name="intent"
            value="undo"
            disabled={busy}
            className="inline-flex items-center gap-1.5 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-60"
          >
            <RotateCcw aria-hidden className="h-4 w-4" /> {t("card.undo")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: ownerT("redeem", ownerLanguageIn(matches))("pageTitle") },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useOwnerT("redeem");
  return (
    <GeneralErrorBoundary
      error={error}
      statusHandlers={{ 403: { title: t("revoked.title"), message: t("revoked.message") } }}
      unexpectedErrorHandler={{ title: t("unexpected.title"), message: t("unexpected.message") }}
      back={null}
    />
  );
}
