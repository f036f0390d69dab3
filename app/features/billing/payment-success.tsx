import { CheckCircle2, Loader2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { useOwnerT } from "~/features/languages/owner/owner-language";

export type PaymentSuccessProps = { isPro: boolean };

/** The spec waits this long before refetching the subscription. */
const FIRST_CHECK_MS = 2000;
const RECHECK_MS = 2000;
const MAX_CHECKS = 15;

/** Keys of `billing.success.benefits`, in the order shown. */
const PRO_BENEFITS = ["campaigns", "scans", "leads", "analytics", "branding", "support"] as const;

/**
 * Shown on /dashboard?success=true. Pro is granted only by Stripe's webhook, so this view waits
 * for it (refetching the page data) instead of claiming success on arrival.
 */
export function PaymentSuccess({ isPro }: PaymentSuccessProps) {
  const revalidator = useRevalidator();
  const [checks, setChecks] = useState(0);
  const processing = checks === 0;
  const t = useOwnerT("billing");

  useEffect(() => {
    if (isPro && checks > 0) return;
    if (checks > MAX_CHECKS) return;
    const timer = setTimeout(
      () => {
        setChecks((count) => count + 1);
        void revalidator.revalidate();
      },
      checks === 0 ? FIRST_CHECK_MS : RECHECK_MS,
    );
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the revalidator identity changes every render
  }, [checks, isPro]);

  return (
    <main className="mx-auto max-w-2xl px-4 py-16">
      <div className="rounded-2xl border border-gray-200 bg-white p-8 text-center shadow-sm">
        <CheckCircle2 aria-hidden className="mx-auto h-14 w-14 text-green-600" />
        <h1 className="mt-4 text-3xl font-bold text-gray-900">{t("success.title")}</h1>
        {processing ? (
          <div role="status" className="mt-6 flex items-center justify-center gap-3 text-gray-600">
            <Loader2 aria-hidden className="h-5 w-5 animate-spin" />
            {t("success.processing")}
          </div>
        ) : isPro ? (
          <div className="mt-6">
            <h2 className="text-xl font-semibold text-gray-900">{t("success.welcome")}</h2>
            <ul className="mx-auto mt-4 max-w-sm space-y-2 text-left text-gray-700">
              {PRO_BENEFITS.map((benefit) => (
                <li key={benefit} className="flex items-start gap-2">
                  <CheckCircle2 aria-hidden className="mt-0.5 h-5 w-5 flex-none text-green-600" />
                  {t(`success.benefits.${benefit}`)}
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p role="status" className="mt-6 text-gray-600">
            {checks > MAX_CHECKS ? t("success.notReceived") : t("success.waiting")}
          </p>
        )}
        <noscript>
          <p className="mt-4 text-sm text-gray-600">
            {t(isPro ? "success.active" : "success.confirming")}{" "}
            <a href="/dashboard?success=true" className="text-blue-600 underline">
              {t("success.refresh")}
            </a>
          </p>
        </noscript>
        <Link to="/dashboard" className="mt-8 inline-block rounded-lg bg-blue-600 px-5 py-2.5 font-semibold text-white hover:bg-blue-700">
          {t("success.dashboard")}
        </Link>
      </div>
    </main>
  );
}
