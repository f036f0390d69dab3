import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Download, Eye, ExternalLink, FileCode, Info, MoreVertical, Pause, Pencil, Play, QrCode, Trash2 } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { scanUsageLabel } from "~/features/billing/plan";
import type { CampaignActionData } from "./campaign-actions.server";
import { conversionRate, type CampaignSummary } from "./campaigns";

export type CampaignCardProps = {
  campaign: CampaignSummary;
  /** Pro owners see plain scan counts; free owners see `count / limit`. */
  isPro: boolean;
  /** The dashboard and the campaigns screen word the delete confirmation differently (spec §8). */
  deleteConfirmation: string;
};

const BADGE: Record<CampaignSummary["status"], string> = {
  active: "bg-green-100 text-green-800",
  paused: "bg-yellow-100 text-yellow-800",
  draft: "bg-gray-100 text-gray-700",
};

const STATUS_LABEL: Record<CampaignSummary["status"], string> = { active: "Active", paused: "Paused", draft: "Draft" };

export const qrPngUrl = (id: string) => `/campaigns/${id}/qr.png`;
export const qrSvgUrl = (id: string) => `/campaigns/${id}/qr.svg`;

/**
 * One campaign with its figures and actions. Pause/Activate and Delete post to the /campaigns
 * action with a fetcher, so the card works on any page that lists campaigns.
 */
export function CampaignCard({ campaign, isPro, deleteConfirmation }: CampaignCardProps) {
  const fetcher = useFetcher<CampaignActionData>();
  const pendingIntent = fetcher.formData?.get("intent");
  if (pendingIntent === "delete") return null;

  const status: CampaignSummary["status"] = pendingIntent === "toggle" ? (campaign.status === "active" ? "paused" : "active") : campaign.status;
  const rate = conversionRate(campaign.leads, campaign.scans);
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.formError : undefined;

  const post = (intent: "toggle" | "delete") => fetcher.submit({ intent, campaignId: campaign.id }, { method: "post", action: "/campaigns" });

  return (
    <article aria-labelledby={`campaign-${campaign.id}-title`} className="flex flex-col rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`campaign-${campaign.id}-title`} className="truncate text-lg font-semibold text-gray-900">
            {campaign.title}
          </h3>
          <p className="text-sm text-gray-500">{campaign.businessType}</p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <span data-testid="campaign-status" className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${BADGE[status]}`}>
            {STATUS_LABEL[status]}
          </span>
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger
              aria-label={`Actions for ${campaign.title}`}
              className="rounded-md p-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-800 focus:ring-2 focus:ring-blue-500 focus:outline-none"
            >
              <MoreVertical aria-hidden className="h-5 w-5" />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="end"
                sideOffset={4}
                className="z-50 min-w-48 rounded-lg border border-gray-200 bg-white p-1 text-sm shadow-lg"
              >
                <MenuLink to={`/campaigns/${campaign.id}`} icon={<Info aria-hidden className="h-4 w-4" />}>
                  View Details
                </MenuLink>
                <MenuAnchor href={`/capture/${campaign.id}`} newTab icon={<ExternalLink aria-hidden className="h-4 w-4" />}>
                  View Landing Page
                </MenuAnchor>
                <MenuAnchor href={qrPngUrl(campaign.id)} download icon={<Download aria-hidden className="h-4 w-4" />}>
                  Download PNG
                </MenuAnchor>
                <MenuAnchor href={qrSvgUrl(campaign.id)} download icon={<FileCode aria-hidden className="h-4 w-4" />}>
                  Download SVG
                </MenuAnchor>
                <MenuLink to={`/campaigns?edit=${campaign.id}`} icon={<Pencil aria-hidden className="h-4 w-4" />}>
                  Edit
                </MenuLink>
                <DropdownMenu.Item onSelect={() => post("toggle")} className={ITEM}>
                  {status === "active" ? <Pause aria-hidden className="h-4 w-4" /> : <Play aria-hidden className="h-4 w-4" />}
                  {status === "active" ? "Pause" : "Activate"}
                </DropdownMenu.Item>
                <DropdownMenu.Separator className="my-1 h-px bg-gray-100" />
                <DropdownMenu.Item
                  onSelect={() => {
                    if (window.confirm(deleteConfirmation)) post("delete");
                  }}
                  className={`${ITEM} text-red-600 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-700`}
                >
                  <Trash2 aria-hidden className="h-4 w-4" />
                  Delete
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </div>
      </div>

      <div className="mt-4 rounded-lg bg-gray-50 p-3">
        <p className="text-xs font-medium text-gray-500">AI-Generated Headline:</p>
        <p className="mt-1 line-clamp-2 text-sm text-gray-800">{campaign.aiHeadline}</p>
      </div>

      <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
        <Tile label="Scans" value={scanUsageLabel(campaign.scans, { isPro })} />
        <Tile label="Leads" value={String(campaign.leads)} />
        <Tile label="Convert" value={`${rate}%`} />
      </dl>
      {campaign.redeemed !== undefined ? (
        <p className="mt-2 text-center text-sm text-gray-600" data-testid="card-redeemed">
          Redeemed: <span className="font-semibold text-gray-900">{campaign.redeemed}</span> ({conversionRate(campaign.redeemed, campaign.leads)}% of
          leads)
        </p>
      ) : null}

      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {error}
        </p>
      ) : null}

      <div className="mt-4 grid grid-cols-2 gap-2">
        <a
          href={`/capture/${campaign.id}`}
          target="_blank"
          rel="noopener noreferrer"
          className="flex items-center justify-center gap-1.5 rounded-lg border border-gray-300 px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50"
        >
          <Eye aria-hidden className="h-4 w-4" />
          View Page
        </a>
        <a
          href={qrPngUrl(campaign.id)}
          download
          className="flex items-center justify-center gap-1.5 rounded-lg bg-blue-600 px-3 py-2 text-sm font-medium text-white hover:bg-blue-700"
        >
          <QrCode aria-hidden className="h-4 w-4" />
          QR Code
        </a>
      </div>
    </article>
  );
}

const ITEM =
  "flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-gray-700 outline-none select-none data-[highlighted]:bg-gray-100 data-[highlighted]:text-gray-900";

function MenuLink({ to, icon, children }: { to: string; icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <DropdownMenu.Item asChild className={ITEM}>
      <Link to={to}>
        {icon}
        {children}
      </Link>
    </DropdownMenu.Item>
  );
}

function MenuAnchor(props: { href: string; icon: React.ReactNode; children: React.ReactNode; newTab?: boolean; download?: boolean }) {
  return (
    <DropdownMenu.Item asChild className={ITEM}>
      <a href={props.href} download={props.download || undefined} {...(props.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
        {props.icon}
        {props.children}
      </a>
    </DropdownMenu.Item>
  );
}

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-gray-100 p-2">
      <dt className="text-xs text-gray-500">{label}</dt>
      <dd className="text-base font-semibold text-gray-900">{value}</dd>
    </div>
  );
}
