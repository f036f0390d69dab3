// Interface agreed between the campaigns screen and the dashboard; the campaigns feature implements it.
export type CampaignSummary = {
  id: string;
  title: string;
  businessType: string;
  status: "active" | "paused" | "draft";
  aiHeadline: string;
  scans: number;
  leads: number;
};

export type CampaignCardProps = {
  campaign: CampaignSummary;
  /** Pro owners see plain scan counts; free owners see `count / limit`. */
  isPro: boolean;
  /** The dashboard and the campaigns screen word the delete confirmation differently (spec §8). */
  deleteConfirmation: string;
};

export function CampaignCard({ campaign }: CampaignCardProps) {
  return (
    <article className="rounded-xl border border-gray-200 bg-white p-4">
      <h3 className="font-semibold">{campaign.title}</h3>
      <p className="text-sm text-gray-500">{campaign.businessType}</p>
    </article>
  );
}
