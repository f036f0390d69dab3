// The summary email (docs/features/summary.md): rendered like the other owner emails (React to
// static markup, every value escaped), one column that reads on a 390 px phone; in the owner's
// language (docs/features/visitor-languages.md, "The owner's screens").
import type { CSSProperties } from "react";
import { emailMarkup, emailT, render, type EmailContent } from "~/features/email/lead-emails";
import { DEFAULT_LANGUAGE, type Language } from "~/features/languages/languages";
import { periodLabel } from "./period";
import { brokenText, comparedWith, counted, expiringText, figureCells, summaryAsLines, summarySubject } from "./summary-lines";
import type { Compared, OwnerSummary } from "./summary.server";

const muted: CSSProperties = { color: "#6B7280", fontSize: 13 };
const cell: CSSProperties = { padding: "4px 0", borderBottom: "1px solid #E5E7EB" };

/** A change: green up, red down, grey otherwise (by `raw`, as period.ts writes it); never split across lines. */
function Change({ value, raw }: { value: string; raw: string }) {
  const color = raw.startsWith("+") || raw === "new" ? "#047857" : raw.startsWith("-") ? "#B91C1C" : "#6B7280";
  return <span style={{ color, whiteSpace: "nowrap", fontSize: 13 }}>{value}</span>;
}

/** The five figures of one campaign or placement: label, value, change against the period before. */
function FiguresTable({ compared, caption, language }: { compared: Compared; caption: string; language: Language }) {
  const end = language === "ar" ? "left" : "right";
  return (
    <table
      role="presentation"
      cellPadding={0}
      cellSpacing={0}
      style={{ width: "100%", borderCollapse: "collapse", margin: "4px 0 12px" }}
      aria-label={caption}
    >
      <tbody>
        {figureCells(compared, language).map(([label, value, change, raw]) => (
          <tr key={label}>
            <td style={{ ...cell, width: "50%" }}>{label.charAt(0).toUpperCase() + label.slice(1)}</td>
            <td style={{ ...cell, textAlign: end, fontWeight: 700, paddingRight: 12 }}>{value}</td>
            <td style={{ ...cell, textAlign: end, width: 72 }}>
              <Change value={change} raw={raw} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CampaignBlock({ campaign, language }: { campaign: OwnerSummary["campaigns"][number]; language: Language }) {
  const t = emailT(language);
  const indent: CSSProperties = language === "ar" ? { marginRight: 12 } : { marginLeft: 12 };
  return (
    <div style={{ marginTop: 20 }}>
      <h2 style={{ fontSize: 17, margin: "0 0 4px" }}>{campaign.title}</h2>
      <FiguresTable compared={campaign} caption={campaign.title} language={language} />
      {campaign.breakdowns.location.map((row) => (
        <div key={`location:${row.id}`} style={indent}>
          <h3 style={{ fontSize: 14, margin: "8px 0 0", color: "#374151" }}>{t("summary.location", { name: row.name })}</h3>
          <FiguresTable compared={row} caption={`${campaign.title}: ${t("summary.location", { name: row.name })}`} language={language} />
        </div>
      ))}
      {campaign.breakdowns.placement.map((row) => (
        <div key={row.id ?? "none"} style={indent}>
          <h3 style={{ fontSize: 14, margin: "8px 0 0", color: "#374151" }}>{row.name}</h3>
          <FiguresTable compared={row} caption={`${campaign.title}: ${row.name}`} language={language} />
        </div>
      ))}
    </div>
  );
}

function Attention({ summary, appUrl, language }: { summary: OwnerSummary; appUrl: string; language: Language }) {
  const t = emailT(language);
  return (
    <>
      {summary.expiringCodes.length > 0 ? (
        <>
          <h2 style={{ fontSize: 17, marginTop: 24 }}>{t("summary.expiring")}</h2>
          <ul style={{ paddingLeft: 20 }}>
            {summary.expiringCodes.map((row) => (
              <li key={row.campaignTitle}>{expiringText(row, summary.timeZone, language)}</li>
            ))}
          </ul>
        </>
      ) : null}
      {summary.broken.length > 0 ? (
        <>
          <h2 style={{ fontSize: 17, marginTop: 24, color: "#B91C1C" }}>{t("summary.attention")}</h2>
          <ul style={{ paddingLeft: 20 }}>
            {summary.broken.map((thing) => (
              <li key={`${thing.kind}:${thing.path}`}>
                {brokenText(thing, language)} · <a href={`${appUrl}${thing.path}`}>{t("summary.fix")}</a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/** The owner's summary of a day or a week, with the change of every figure against the period before; in the owner's language. */
export function summaryEmail(summary: OwnerSummary, appUrl: string, language: Language = DEFAULT_LANGUAGE): EmailContent {
  const t = emailT(language);
  const best = summary.bestPlacement;
  const settings = `${appUrl}/settings/notifications#section-summary`;
  const bestLine = best
    ? emailMarkup(
        language,
        "summary.best",
        {
          name: best.name,
          campaign: best.campaignTitle,
          leads: counted(best.current.leads, "leads", language),
          scans: counted(best.current.scans, "scans", language),
        },
        { strong: (words) => <strong>{words}</strong> },
      )
    : null;
  const why = emailMarkup(language, "summary.why", {}, { link: (words) => <a href={settings}>{words}</a> });
  return render(
    summarySubject(summary, language),
    <>
      <p style={muted}>
        {t("summary.period", { period: periodLabel(summary.period, language), zone: summary.timeZone, compared: comparedWith(summary, language) })}
      </p>
      {summary.campaigns.length === 0 ? (
        <p>{t("summary.nothing")}</p>
      ) : (
        <>
          <h2 style={{ fontSize: 17, margin: "16px 0 4px" }}>{t("summary.allCampaigns")}</h2>
          <FiguresTable compared={summary.totals} caption={t("summary.allCampaigns")} language={language} />
        </>
      )}
      {best ? <p style={{ background: "#EFF6FF", padding: 12, borderRadius: 6 }}>{bestLine}</p> : null}
      {summary.campaigns.map((campaign) => (
        <CampaignBlock key={campaign.id} campaign={campaign} language={language} />
      ))}
      <Attention summary={summary} appUrl={appUrl} language={language} />
      <p style={{ marginTop: 24 }}>
        <a href={`${appUrl}/dashboard`}>{t("summary.dashboard")}</a>
      </p>
      <p style={muted}>{why}</p>
    </>,
    `${summaryAsLines(summary, language).join("\n")}\n\n${t("summary.textLinks", { dashboard: `${appUrl}/dashboard`, settings })}`,
    language,
  );
}
