import { Link } from "react-router";

export type PreviewValues = {
  title: string;
  discount: string;
  minOrder: string;
  aiHeadline: string;
  aiThankyou: string;
  primaryColor: string;
  secondaryColor: string;
  textColor: string;
  buttonStyle: string;
  fontStyle: string;
  layout: string;
  qrLogoUrl: string;
};

const BUTTON_SHAPE: Record<string, string> = { square: "rounded-none", pill: "rounded-full" };
const FONT: Record<string, string> = { classic: "font-serif", bold: "font-sans font-extrabold" };

/** What a visitor will see on the capture page, updated as the owner designs it. */
export function CampaignPreview({ values }: { values: PreviewValues }) {
  const layoutClass = values.layout === "minimal" ? "items-start text-left" : "items-center text-center";
  return (
    <section aria-label="Live preview" className="overflow-hidden rounded-2xl border border-gray-200 shadow-sm">
      <p className="bg-gray-100 px-4 py-2 text-xs font-medium tracking-wide text-gray-600 uppercase">Live preview</p>
      <div
        className={`flex flex-col gap-3 p-6 ${layoutClass} ${FONT[values.fontStyle] ?? "font-sans"}`}
        style={{ backgroundImage: `linear-gradient(135deg, ${values.primaryColor}, ${values.secondaryColor})`, color: values.textColor }}
      >
        {values.qrLogoUrl ? <img src={values.qrLogoUrl} alt="Logo" className="h-12 w-12 rounded-lg bg-white object-contain p-1" /> : null}
        <h3 className="text-xl leading-tight font-bold break-words">{values.aiHeadline || "Your headline appears here"}</h3>
        {values.discount ? (
          <p className="rounded-lg bg-white/15 px-3 py-1 text-sm font-medium break-words">
            {values.discount}
            {values.minOrder ? ` · ${values.minOrder}` : ""}
          </p>
        ) : null}
        <div className="w-full space-y-2 rounded-xl bg-white p-4 text-left text-gray-700">
          <div className="h-8 rounded border border-gray-200 px-2 text-xs leading-8 text-gray-400">Full Name *</div>
          <div className="h-8 rounded border border-gray-200 px-2 text-xs leading-8 text-gray-400">Email Address *</div>
          <Link
            to="/pricing"
            className={`block px-4 py-2 text-center text-sm font-semibold hover:opacity-90 ${BUTTON_SHAPE[values.buttonStyle] ?? "rounded-lg"}`}
            style={{ backgroundColor: values.primaryColor, color: values.textColor }}
          >
            Claim Offer
          </Link>
        </div>
        {values.aiThankyou ? <p className="text-xs break-words opacity-90">After signing up: “{values.aiThankyou}”</p> : null}
      </div>
    </section>
  );
}
