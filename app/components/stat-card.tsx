import { cardClass } from "~/components/ui/card";
import { TrendingDown, TrendingUp, type LucideIcon } from "lucide-react";

export type StatCardColor = "blue" | "green" | "purple" | "orange";

const COLORS: Record<StatCardColor, string> = {
  blue: "bg-blue-100 text-blue-700",
  green: "bg-green-100 text-green-700",
  purple: "bg-purple-100 text-purple-700",
  orange: "bg-orange-100 text-orange-700",
};

export type StatCardProps = {
  title: string;
  value: string | number;
  icon: LucideIcon;
  color: StatCardColor;
  trend?: { direction: "up" | "down"; percent: number } | null;
};

export function StatCard({ title, value, icon: Icon, color, trend }: StatCardProps) {
  return (
    <section aria-label={title} className={cardClass({ padding: "md" })}>
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 className="text-sm font-medium text-gray-600">{title}</h2>
          <p className="mt-2 text-3xl font-bold text-gray-900" data-testid="stat-value">
            {value}
          </p>
        </div>
        <span className={`rounded-lg p-3 ${COLORS[color]}`} aria-hidden="true">
          <Icon className="h-6 w-6" />
        </span>
      </div>
      {trend ? (
        <p className={`mt-3 flex items-center gap-1 text-sm ${trend.direction === "up" ? "text-green-700" : "text-red-700"}`}>
          {trend.direction === "up" ? <TrendingUp aria-hidden="true" className="h-4 w-4" /> : <TrendingDown aria-hidden="true" className="h-4 w-4" />}
          <span>
            <span className="sr-only">{trend.direction === "up" ? "Up" : "Down"} </span>
            {trend.percent}%
          </span>
          <span className="text-gray-500">vs last week</span>
        </p>
      ) : null}
    </section>
  );
}
