// Rules: docs/features/accounts-and-billing.md ("The free campaign limit").
import type { RefObject } from "react";
import { Dialog, DialogCloseButton, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { templateCopy } from "~/features/campaigns/template-copy";
import { DEFAULT_DESIGN, type PreviewValues } from "~/features/campaigns/campaigns";
import { OwnerTrans, useOwnerT } from "~/features/languages/owner/owner-language";
import { pageDesignOf } from "./capture";
import { CampaignPreview } from "./campaign-preview";
import { CaptureFrame } from "./capture-frame";

const SAMPLE_BUSINESS = "Sunny Side Café";
const SAMPLE_OFFER = { businessType: "Coffee Shop", offer: "Free pastry", condition: "With any hot drink" };
const SAMPLE_COPY = templateCopy(SAMPLE_OFFER);
const SAMPLE_CODE = "SUNNY-4821";

/** A sample campaign drawn by the capture page's own preview, as the wizard draws the owner's. */
const SAMPLE: PreviewValues = {
  title: "Morning pastry",
  discount: SAMPLE_OFFER.offer,
  minOrder: SAMPLE_OFFER.condition,
  aiHeadline: SAMPLE_COPY.headline,
  aiThankyou: SAMPLE_COPY.thankyou,
  primaryColor: DEFAULT_DESIGN.primary_color,
  secondaryColor: DEFAULT_DESIGN.secondary_color,
  textColor: DEFAULT_DESIGN.text_color ?? "#FFFFFF",
  buttonStyle: DEFAULT_DESIGN.button_style,
  fontStyle: DEFAULT_DESIGN.font_style,
  layout: DEFAULT_DESIGN.layout,
  qrLogoUrl: "",
  consentMode: "notice",
  offerRequiresConsent: "",
};

/**
 * The landing page's "Watch Demo" dialog: what a guest sees after scanning a sample campaign's code,
 * and after claiming. A modal, so Escape and the ✕ close it; focus returns to the
 * button that opened it. Loaded only when asked for (`watch-demo.tsx`): the capture page's preview,
 * its words and the dialog library are no part of the landing page's first load.
 */
export default function WatchDemoDialog({
  open,
  onOpenChange,
  opener,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  opener: RefObject<HTMLButtonElement | null>;
}) {
  const t = useOwnerT("demo");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        aria-describedby="watch-demo-lead"
        className="inset-0 overflow-y-auto p-4 sm:inset-x-4 sm:top-8 sm:bottom-auto sm:mx-auto sm:max-h-[calc(100vh-4rem)] sm:max-w-4xl sm:rounded-2xl sm:p-6"
        onCloseAutoFocus={(event) => {
          // No Radix trigger opened it: focus goes back to the page's own button.
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        <div className="flex items-start justify-between gap-4">
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogCloseButton />
        </div>
        <p id="watch-demo-lead" className="mt-1 text-sm text-gray-600">
          {t("lead", { business: SAMPLE_BUSINESS })}
        </p>
        <div className="mt-4 grid gap-6 md:grid-cols-2">
          <section aria-labelledby="demo-scan" className="space-y-2">
            <h3 id="demo-scan" className="font-semibold text-gray-900">
              {t("afterScanning")}
            </h3>
            <CampaignPreview values={SAMPLE} businessName={SAMPLE_BUSINESS} />
          </section>
          <section aria-labelledby="demo-claimed" className="space-y-2">
            <h3 id="demo-claimed" className="font-semibold text-gray-900">
              {t("afterClaiming")}
            </h3>
            <div className="overflow-hidden rounded-2xl border border-gray-200 shadow-sm">
              <CaptureFrame design={pageDesignOf(DEFAULT_DESIGN)} preview>
                <div className="cq-main">
                  <div className="cq-card" role="group" aria-label={t("claimedSample")}>
                    <p className="cq-biz">{SAMPLE_BUSINESS}</p>
                    <p className="cq-h1">{t("claimed")}</p>
                    <p>{SAMPLE_COPY.thankyou}</p>
                    <p className="cq-box">
                      <OwnerTrans ns="demo" k="yourCode" values={{ code: SAMPLE_CODE }} components={{ strong: <strong data-testid="demo-code" /> }} />
                      <br />
                      {t("showAtCounter")}
                    </p>
                  </div>
                </div>
              </CaptureFrame>
            </div>
          </section>
        </div>
      </DialogContent>
    </Dialog>
  );
}
