import { cardClass } from "~/components/ui/card";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useOwnerT } from "~/features/languages/owner/owner-language";
import type { ChartPoint } from "./dashboard";

export function OverviewChart({ points }: { points: ChartPoint[] }) {
  const t = useOwnerT("dashboard");
  return (
    <section aria-labelledby="overview-title" className={cardClass({ padding: "md" })}>
      <h2 id="overview-title" className="text-lg font-semibold text-gray-900">
        {t("chart.title")}
      </h2>
      {/* overflow-hidden: until it measures its box, the chart draws at its initial size. */}
      <div className="mt-4 h-72 min-w-0 overflow-hidden" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 288 }}>
          <LineChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#E5E7EB" />
            <XAxis dataKey="date" tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Legend />
            <Line
              type="monotone"
              dataKey="leads"
              name={t("chart.leads")}
              stroke="#10B981"
              strokeWidth={1.5}
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
            <Line
              type="monotone"
              dataKey="scans"
              name={t("chart.scans")}
              stroke="#3B82F6"
              strokeWidth={1.5}
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      {/* The chart's figures for screen readers (and anyone who needs the numbers). */}
      <table className="sr-only">
        <caption>{t("chart.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("chart.date")}</th>
            <th scope="col">{t("chart.leads")}</th>
            <th scope="col">{t("chart.scans")}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.date} data-testid="chart-point">
              <th scope="row">{point.date}</th>
              <td>{point.leads}</td>
              <td>{point.scans}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
