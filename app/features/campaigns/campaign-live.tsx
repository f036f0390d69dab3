// What a new owner sees right after "Launch Campaign" (docs/features/the-owners-first-hour.md): that the campaign is live,
// and the three next steps: print it, test it now, copy the link.
import { Check, Copy, ExternalLink, MailWarning, PartyPopper, Printer } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { PublicAddressNotice } from "~/features/campaigns/public-address-notice";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { useOwnerT } from "~/features/languages/owner/owner-language";
import type { PublicAddressVerdict } from "~/utils/public-address";
import { printPageUrl } from "./campaigns";

/** The campaign's page, opened as just launched. */
export const liveCampaignPath = (campaignId: string) => `/campaigns/${campaignId}?live=1`;

/** The live screen's "Print it" step: the print kit's page (poster by default, with its print check). */
export function PrintKitLink({ campaignId }: { campaignId: string }) {
  const t = useOwnerT("live");
  return (
    <Link to={printPageUrl(campaignId)} className={buttonClass({ size: "md" })}>
      <Printer aria-hidden className="h-4 w-4" /> {t("printIt")}
    </Link>
  );
}

/** Until the postal address is set, visitor marketing mail is missing what the law asks of it. */
export function PostalAddressNotice() {
  const t = useOwnerT("live");
  return (
    <p role="note" className="flex gap-2 rounded-lg border border-yellow-200 bg-yellow-50 p-3 text-sm text-yellow-900">
      <MailWarning aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <span>
        {t("postalAddress")}{" "}
        <Link to="/settings#section-privacy" className="font-medium underline">
          {t("addInSettings")}
        </Link>
        .
      </span>
    </p>
  );
}

export function CampaignLivePanel({
  campaignId,
  captureUrl,
  title,
  address,
}: {
  campaignId: string;
  captureUrl: string;
  title: string;
  /** Who can open the code and link: a launch on an address phones cannot open says so before the next steps. */
  address: PublicAddressVerdict;
}) {
  const t = useOwnerT("live");
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  // The screen a launch lands on: the news is read first (and the page starts at its top).
  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(captureUrl);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };

  return (
    <section aria-labelledby="live-heading" className={cardClass({ padding: "md", className: "space-y-5 border-green-200 bg-green-50" })}>
      <div>
        <h2 id="live-heading" ref={heading} tabIndex={-1} className="flex items-center gap-2 text-xl font-bold text-green-900 focus:outline-none">
          <PartyPopper aria-hidden className="h-6 w-6" /> {t("title")}
        </h2>
        <p className="mt-1 text-green-900">{t("intro", { campaign: title })}</p>
      </div>
      <PublicAddressNotice verdict={address} />
      <ol className="grid gap-4 md:grid-cols-3">
        <li className="space-y-2 rounded-lg bg-white p-4">
          <h3 className="font-semibold text-gray-900">{t("print.title")}</h3>
          <p className="text-sm text-gray-600">{t("print.hint")}</p>
          <PrintKitLink campaignId={campaignId} />
        </li>
        <li className="space-y-2 rounded-lg bg-white p-4">
          <h3 className="font-semibold text-gray-900">{t("test.title")}</h3>
          {/* One QR on the page (the QR Code card's); a code no phone can open is tested on this computer. */}
          <p className="text-sm text-gray-600">{address.reach === "unreachable" ? t("test.onThisComputer") : t("test.hint")}</p>
          <a href={`/capture/${campaignId}`} target="_blank" rel="noopener noreferrer" className={buttonClass({ variant: "secondary", size: "md" })}>
            <ExternalLink aria-hidden className="h-4 w-4" /> {t("test.open")}
          </a>
        </li>
        <li className="space-y-2 rounded-lg bg-white p-4">
          <h3 className="font-semibold text-gray-900">{t("link.title")}</h3>
          <p className="text-sm text-gray-600">{t("link.hint")}</p>
          <label htmlFor="live-link" className="sr-only">
            {t("link.label")}
          </label>
          <input
            id="live-link"
            readOnly
            value={captureUrl}
            onFocus={(event) => event.currentTarget.select()}
            className="block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm"
          />
          <button type="button" onClick={copy} className={buttonClass({ variant: "secondary", size: "md" })}>
            {copied === "yes" ? <Check aria-hidden className="h-4 w-4" /> : <Copy aria-hidden className="h-4 w-4" />} {t("link.copy")}
          </button>
          <p role="status" className="text-sm text-gray-700">
            {copied === "yes" ? t("link.copied") : copied === "failed" ? t("link.failed") : ""}
          </p>
        </li>
      </ol>
    </section>
  );
}
