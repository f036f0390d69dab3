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
  className?: string;
};

/** Compact on a phone (two fit side by side), roomier from 640 px. */
export function StatCard({ title, value, icon: Icon, color, trend, className }: StatCardProps) {
  return (
    <section aria-label={title} className={cardClass({ padding: "none", className: `p-4 sm:p-6 ${className ?? ""}` })}>
      <div className="flex items-start justify-between gap-2 sm:gap-3">
        <div className="min-w-0">
          <h2 className="text-xs font-medium text-gray-600 sm:text-sm">{title}</h2>
          {/* Isolated, so "3 / 5" keeps its order on a right-to-left page. */}
          <p className="mt-1 text-2xl font-bold text-gray-900 sm:mt-2 sm:text-3xl" data-testid="stat-value">
            <bdi>{value}</bdi>
          </p>
        </div>
        <span className={`hidden rounded-lg p-3 min-[400px]:block ${COLORS[color]}`} aria-hidden="true">
          <Icon className="h-6 w-6" />
        </span>
      </div>
      {trend ? (
        <p
          className={`mt-2 flex flex-wrap items-center gap-1 text-xs sm:mt-3 sm:text-sm ${trend.direction === "up" ? "text-green-700" : "text-red-700"}`}
        >
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
