// Rules: docs/features/campaigns-and-print.md ("Short links").
import {
  Download,
  Eye,
  ExternalLink,
  FileCode,
  Info,
  Languages,
  MapPin,
  MoreVertical,
  Pause,
  Pencil,
  Play,
  Printer,
  QrCode,
  Trash2,
} from "lucide-react";
import { useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from "~/components/ui/menu";
import { scanUsageLabel } from "~/features/billing/plan";
import { namesInWords } from "~/features/team/team";
import { OwnerTrans, useOwnerT } from "~/features/languages/owner/owner-language";
import type { CampaignActionData } from "./campaign-actions.server";
import { CAMPAIGN_STATUS_COLOR, conversionOf, conversionRate, type CampaignSummary } from "./campaigns";

export type CampaignCardProps = {
  campaign: CampaignSummary;
  /** Pro owners see plain scan counts; free owners see `count / limit`. */
  isPro: boolean;
  /** The dashboard and the campaigns screen word the delete confirmation differently (spec §8). */
  deleteConfirmation: string;
  /**
   * What the signed-in user may do (docs/features/team.md): everything (the owner); edit, pause
   * and print but not delete (a manager's own campaign); print only (a manager's campaign that
   * another location shows too); nothing but read (a viewer).
   */
  actions?: "all" | "edit" | "print" | "none";
  /** The locations a limited campaign runs at ([] once they were all deleted); absent: all locations. */
  locations?: string[];
};

/** A card's actions for a role (docs/features/team.md, "What each role sees"); `shared`: another location shows the campaign too. */
export function cardActionsOf(role: "owner" | "manager" | "viewer" | "staff", shared = false): NonNullable<CampaignCardProps["actions"]> {
  if (role === "owner") return "all";
  if (role === "manager") return shared ? "print" : "edit";
  return "none";
}

export const qrPngUrl = (id: string) => `/campaigns/${id}/qr.png`;
export const qrSvgUrl = (id: string) => `/campaigns/${id}/qr.svg`;
/** A print shop's PNG: large enough for a poster at 300 dpi up to ~17 cm. */
export const PRINT_PNG_SIZE = 2000;
export const qrPrintPngUrl = (id: string) => `${qrPngUrl(id)}?size=${PRINT_PNG_SIZE}`;

/**
 * One campaign with its figures and actions. Pause/Activate and Delete post to the /campaigns
 * action with a fetcher, so the card works on any page that lists campaigns.
 */
export function CampaignCard({ campaign, isPro, deleteConfirmation, actions = "all", locations }: CampaignCardProps) {
  const t = useOwnerT("campaigns");
  const fetcher = useFetcher<CampaignActionData>();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const menuTrigger = useRef<HTMLButtonElement>(null);
  const pendingIntent = fetcher.formData?.get("intent");
  if (pendingIntent === "delete") return null;

  const status: CampaignSummary["status"] = pendingIntent === "toggle" ? (campaign.status === "active" ? "paused" : "active") : campaign.status;
  const rate = conversionOf(campaign.converted, campaign.visitors);
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.formError : undefined;

  const post = (intent: "toggle" | "delete") => fetcher.submit({ intent, campaignId: campaign.id }, { method: "post", action: "/campaigns" });

  return (
    <article aria-labelledby={`campaign-${campaign.id}-title`} className={cardClass({ padding: "md", className: "flex flex-col" })}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`campaign-${campaign.id}-title`} className="truncate text-lg font-semibold text-gray-900">
            {campaign.title}
          </h3>
          <p className="text-sm text-gray-500">{campaign.businessType}</p>
          {locations ? (
            <p className="mt-1 flex items-center gap-1 text-sm text-gray-700" data-testid="campaign-locations">
              <MapPin aria-hidden className="h-4 w-4 shrink-0 text-gray-500" />
              {locations.length > 0 ? t("card.onlyAt", { locations: namesInWords(locations) }) : t("card.atNoLocation")}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Badge color={CAMPAIGN_STATUS_COLOR[status]} data-testid="campaign-status">
            {t(`card.status.${status}`)}
          </Badge>
          <Menu modal={false}>
            <MenuTrigger ref={menuTrigger} aria-label={t("card.actions", { campaign: campaign.title })}>
              <MoreVertical aria-hidden className="h-5 w-5" />
            </MenuTrigger>
            <MenuContent>
              <MenuLink to={`/campaigns/${campaign.id}`} icon={<Info aria-hidden className="h-4 w-4" />}>
                {t("card.viewDetails")}
              </MenuLink>
              <MenuAnchor href={`/capture/${campaign.id}`} newTab icon={<ExternalLink aria-hidden className="h-4 w-4" />}>
                {t("card.viewLandingPage")}
              </MenuAnchor>
              {actions !== "none" ? (
                <MenuLink to={`/campaigns/${campaign.id}/print`} icon={<Printer aria-hidden className="h-4 w-4" />}>
                  {t("card.print")}
                </MenuLink>
              ) : null}
              {actions === "all" || actions === "edit" ? (
                <MenuLink to={`/campaigns/${campaign.id}/languages`} icon={<Languages aria-hidden className="h-4 w-4" />}>
                  {t("card.languages")}
                </MenuLink>
              ) : null}
              <MenuAnchor href={qrPngUrl(campaign.id)} download icon={<Download aria-hidden className="h-4 w-4" />}>
                {t("card.downloadPng")}
              </MenuAnchor>
              <MenuAnchor href={qrSvgUrl(campaign.id)} download icon={<FileCode aria-hidden className="h-4 w-4" />}>
                {t("card.downloadSvg")}
              </MenuAnchor>
              {actions === "all" || actions === "edit" ? (
                <>
                  <MenuLink to={`/campaigns?edit=${campaign.id}`} icon={<Pencil aria-hidden className="h-4 w-4" />}>
                    {t("card.edit")}
                  </MenuLink>
                  <MenuItem onSelect={() => post("toggle")}>
                    {status === "active" ? <Pause aria-hidden className="h-4 w-4" /> : <Play aria-hidden className="h-4 w-4" />}
                    {status === "active" ? t("card.pause") : t("card.activate")}
                  </MenuItem>
                </>
              ) : null}
              {actions === "all" ? (
                <>
                  <MenuSeparator />
                  <MenuItem danger onSelect={() => setConfirmingDelete(true)}>
                    <Trash2 aria-hidden className="h-4 w-4" />
                    {t("card.delete")}
                  </MenuItem>
                </>
              ) : null}
            </MenuContent>
          </Menu>
          <ConfirmDialog
            open={confirmingDelete}
            onOpenChange={setConfirmingDelete}
            title={t("card.deleteTitle", { campaign: campaign.title })}
            description={deleteConfirmation}
            confirmLabel={t("card.deleteConfirm")}
            onConfirm={() => post("delete")}
            returnFocusTo={menuTrigger}
          />
        </div>
      </div>

      <div className="mt-4 rounded-lg bg-gray-50 p-3">
        <p className="text-xs font-medium text-gray-500">{t("card.headline")}</p>
        <p className="mt-1 line-clamp-2 text-sm text-gray-800">{campaign.aiHeadline}</p>
      </div>

      <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
        <Tile label={t("card.scans")} value={scanUsageLabel(campaign.scans, { isPro })} />
        <Tile label={t("card.leads")} value={String(campaign.leads)} />
        <Tile label={t("card.convert")} value={`${rate}%`} />
      </dl>
      {campaign.redeemed !== undefined ? (
        <p className="mt-2 text-center text-sm text-gray-600" data-testid="card-redeemed">
          <OwnerTrans
            ns="campaigns"
            k="card.redeemed"
            values={{ redeemed: campaign.redeemed, rate: conversionRate(campaign.redeemed, campaign.leads) }}
            components={{ strong: <span className="font-semibold text-gray-900" /> }}
          />
        </p>
      ) : null}

      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {error}
        </p>
      ) : null}

      <div className="mt-4 grid grid-cols-2 gap-2">
        <a href={`/capture/${campaign.id}`} target="_blank" rel="noopener noreferrer" className={buttonClass({ variant: "secondary", size: "md" })}>
          <Eye aria-hidden className="h-4 w-4" />
          {t("card.viewPage")}
        </a>
        <a href={qrPngUrl(campaign.id)} download className={buttonClass({ size: "md" })}>
          <QrCode aria-hidden className="h-4 w-4" />
          {t("card.qrCode")}
        </a>
      </div>
    </article>
  );
}

function MenuLink({ to, icon, children }: { to: string; icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <MenuItem asChild>
      <Link to={to}>
        {icon}
        {children}
      </Link>
    </MenuItem>
  );
}

function MenuAnchor(props: { href: string; icon: React.ReactNode; children: React.ReactNode; newTab?: boolean; download?: boolean }) {
  return (
    <MenuItem asChild>
      <a href={props.href} download={props.download || undefined} {...(props.newTab ? NEW_TAB : {})}>
        {props.icon}
        {props.children}
      </a>
    </MenuItem>
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

/** A link that opens in a new tab without handing it this window. */
const NEW_TAB = { target: "_blank", rel: "noopener noreferrer" } as const;
