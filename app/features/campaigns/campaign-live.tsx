// What a new owner sees right after "Launch Campaign" (docs/features/the-owners-first-hour.md): that the campaign is live,
// and the three next steps: print it, test it now, copy the link.
import { Check, Copy, MailWarning, PartyPopper, Printer } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { PublicAddressNotice } from "~/components/public-address-notice";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import type { PublicAddressVerdict } from "~/utils/public-address";
import { qrPngUrl } from "./campaign-card";
import { printPageUrl } from "./campaigns";

/** The campaign's page, opened as just launched. */
export const liveCampaignPath = (campaignId: string) => `/campaigns/${campaignId}?live=1`;

/** The live screen's "Print it" step: the print kit's page (poster by default, with its print check). */
export function PrintKitLink({ campaignId }: { campaignId: string }) {
  return (
    <Link to={printPageUrl(campaignId)} className={buttonClass({ size: "md" })}>
      <Printer aria-hidden className="h-4 w-4" /> Print it
    </Link>
  );
}

/** Until the postal address is set, visitor marketing mail is missing what the law asks of it. */
export function PostalAddressNotice() {
  return (
    <p role="note" className="flex gap-2 rounded-lg border border-yellow-200 bg-yellow-50 p-3 text-sm text-yellow-900">
      <MailWarning aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <span>
        Marketing emails to your visitors need your business&apos;s postal address.{" "}
        <Link to="/settings#section-privacy" className="font-medium underline">
          Add it in Settings
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
          <PartyPopper aria-hidden className="h-6 w-6" /> Your campaign is live
        </h2>
        <p className="mt-1 text-green-900">Anyone who scans the code of {title} now sees your offer. Here is what to do next.</p>
      </div>
      <PublicAddressNotice verdict={address} />
      <ol className="grid gap-4 md:grid-cols-3">
        <li className="space-y-2 rounded-lg bg-white p-4">
          <h3 className="font-semibold text-gray-900">1. Print it</h3>
          <p className="text-sm text-gray-600">Put the code where customers wait: the counter, the table, the window.</p>
          <PrintKitLink campaignId={campaignId} />
        </li>
        <li className="space-y-2 rounded-lg bg-white p-4">
          <h3 className="font-semibold text-gray-900">2. Test it now</h3>
          <p className="text-sm text-gray-600">Scan this with your phone:</p>
          <img src={qrPngUrl(campaignId)} width={240} height={240} alt={`QR code for ${title}`} className="mx-auto h-56 w-56" />
        </li>
        <li className="space-y-2 rounded-lg bg-white p-4">
          <h3 className="font-semibold text-gray-900">3. Copy the link</h3>
          <p className="text-sm text-gray-600">For a message, your website or social media.</p>
          <label htmlFor="live-link" className="sr-only">
            Campaign link
          </label>
          <input
            id="live-link"
            readOnly
            value={captureUrl}
            onFocus={(event) => event.currentTarget.select()}
            className="block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm"
          />
          <button type="button" onClick={copy} className={buttonClass({ variant: "secondary", size: "md" })}>
            {copied === "yes" ? <Check aria-hidden className="h-4 w-4" /> : <Copy aria-hidden className="h-4 w-4" />} Copy link
          </button>
          <p role="status" className="text-sm text-gray-700">
            {copied === "yes" ? "Link copied" : copied === "failed" ? "Select the link above and copy it." : ""}
          </p>
        </li>
      </ol>
    </section>
  );
}
