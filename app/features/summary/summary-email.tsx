/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
// The summary email (docs/features/summary.md): rendered like the other owner emails (React to
// static markup, every value escaped), one column that reads on a 390 px phone.
import type { CSSProperties } from "react";
import { render, type EmailContent } from "~/features/email/lead-emails";
import { periodLabel } from "./period";
import { brokenText, counted, expiringText, figureCells, summaryAsLines, summarySubject } from "./summary-lines";
import type { Compared, OwnerSummary } from "./summary.server";

const muted: CSSProperties = { color: "#6B7280", fontSize: 13 };
const cell: CSSProperties = { padding: "4px 0", borderBottom: "1px solid #E5E7EB" };

/** A change: green up, red down, grey otherwise; never split across lines. */
function Change({ value }: { value: string }) {
  const color = value.startsWith("+") || value === "new" ? "#047857" : value.startsWith("-") ? "#B91C1C" : "#6B7280";
  return <span style={{ color, whiteSpace: "nowrap", fontSize: 13 }}>{value}</span>;
}

/** The five figures of one campaign or placement: label, value, change against the period before. */
function FiguresTable({ compared, caption }: { compared: Compared; caption: string }) {
  return (
    <table
      role="presentation"
      cellPadding={0}
      cellSpacing={0}
      style={{ width: "100%", borderCollapse: "collapse", margin: "4px 0 12px" }}
      aria-label={caption}
    >
      <tbody>
        {figureCells(compared).map(([label, value, change]) => (
          <tr key={label}>
            <td style={{ ...cell, width: "50%" }}>{label.charAt(0).toUpperCase() + label.slice(1)}</td>
            <td style={{ ...cell, textAlign: "right", fontWeight: 700, paddingRight: 12 }}>{value}</td>
            <td style={{ ...cell, textAlign: "right", width: 72 }}>
              <Change value={change} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CampaignBlock({ campaign }: { campaign: OwnerSummary["campaigns"][number] }) {
  return (
    <div style={{ marginTop: 20 }}>
      <h2 style={{ fontSize: 17, margin: "0 0 4px" }}>{campaign.title}</h2>
      <FiguresTable compared={campaign} caption={campaign.title} />
      {campaign.breakdowns.location.map((row) => (
        <div key={`location:${row.id}`} style={{ marginLeft: 12 }}>
          <h3 style={{ fontSize: 14, margin: "8px 0 0", color: "#374151" }}>{row.name} (location)</h3>
          <FiguresTable compared={row} caption={`${campaign.title}: ${row.name} (location)`} />
        </div>
      ))}
      {campaign.breakdowns.placement.map((row) => (
        <div key={row.id ?? "none"} style={{ marginLeft: 12 }}>
          <h3 style={{ fontSize: 14, margin: "8px 0 0", color: "#374151" }}>{row.name}</h3>
          <FiguresTable compared={row} caption={`${campaign.title}: ${row.name}`} />
        </div>
      ))}
    </div>
  );
}

function Attention({ summary, appUrl }: { summary: OwnerSummary; appUrl: string }) {
  return (
    <>
      {summary.expiringCodes.length > 0 ? (
        <>
          <h2 style={{ fontSize: 17, marginTop: 24 }}>Codes about to expire</h2>
          <ul style={{ paddingLeft: 20 }}>
            {summary.expiringCodes.map((row) => (
              <li key={row.campaignTitle}>{expiringText(row, summary.timeZone)}</li>
            ))}
          </ul>
        </>
      ) : null}
      {summary.broken.length > 0 ? (
        <>
          <h2 style={{ fontSize: 17, marginTop: 24, color: "#B91C1C" }}>Needs your attention</h2>
          <ul style={{ paddingLeft: 20 }}>
            {summary.broken.map((thing) => (
              <li key={`${thing.kind}:${thing.path}`}>
                {brokenText(thing)} · <a href={`${appUrl}${thing.path}`}>Fix it</a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/** The owner's summary of a day or a week, with the change of every figure against the period before. */
export function summaryEmail(summary: OwnerSummary, appUrl: string): EmailContent {
  const compared = summary.period.frequency === "daily" ? "the day before" : "the week before";
  const best = summary.bestPlacement;
  const settings = `${appUrl}/settings/notifications#section-summary`;
  return render(
    summarySubject(summary),
    <>
      <p style={muted}>
        {periodLabel(summary.period)} ({summary.timeZone}). Changes against {compared}.
      </p>
      {summary.campaigns.length === 0 ? (
        <p>No scans, leads or redemptions.</p>
      ) : (
        <>
          <h2 style={{ fontSize: 17, margin: "16px 0 4px" }}>All campaigns</h2>
          <FiguresTable compared={summary.totals} caption="All campaigns" />
        </>
      )}
      {best ? (
        <p style={{ background: "#EFF6FF", padding: 12, borderRadius: 6 }}>
          Best placement: <strong>{best.name}</strong> ({best.campaignTitle}), {counted(best.current.leads, "leads")} from{" "}
          {counted(best.current.scans, "scans")}
        </p>
      ) : null}
      {summary.campaigns.map((campaign) => (
        <CampaignBlock key={campaign.id} campaign={campaign} />
      ))}
      <Attention summary={summary} appUrl={appUrl} />
      <p style={{ marginTop: 24 }}>
        <a href={`${appUrl}/dashboard`}>Open your dashboard</a>
      </p>
      <p style={muted}>
        You get this summary because you turned it on. <a href={settings}>Change or turn it off</a>
      </p>
    </>,
    `${summaryAsLines(summary).join("\n")}\n\nOpen your dashboard: ${appUrl}/dashboard\nChange or turn off this summary: ${settings}`,
  );
}
