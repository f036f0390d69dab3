import { describe, expect, it } from "vitest";
import { daysOf, exclusionSentence, rangeSummarySentence, refusalSentence, resolveRange, share, uniqueExactnessSentence } from "./analytics";
import { AnalyticsRangeQuerySchema } from "./analytics.schema";
import "~/features/languages/owner/owner-language.server";

/** A preset range ending 2024-03-05 ("the last 30 days"). */
const last = (days: 7 | 30) => resolveRange(query({ range: String(days) }), "2024-03-05");
const query = (input: Record<string, string | undefined>) => AnalyticsRangeQuerySchema.parse(input);

describe("exclusionSentence", () => {
  it("reads like the issue's example, largest reason first", () => {
    expect(exclusionSentence(812, { owner: 3, bot: 31, repeat: 12, preview: 97 })).toBe(
      "812 scans counted · 143 not counted: 97 link previews, 31 bots, 12 repeats, 3 you",
    );
  });
  it("names every reason, in the singular when there is one", () => {
    expect(exclusionSentence(1, { head: 1, prefetch: 1, bot: 1, preview: 1, repeat: 1, owner: 1 })).toBe(
      "1 scan counted · 6 not counted: 1 bot, 1 link preview, 1 HEAD request, 1 prefetch, 1 repeat, 1 you",
    );
    expect(exclusionSentence(2, { head: 2, prefetch: 4 })).toBe("2 scans counted · 6 not counted: 4 prefetches, 2 HEAD requests");
  });
  it("says when nothing was left out, and groups thousands", () => {
    expect(exclusionSentence(0, {})).toBe("0 scans counted · 0 not counted");
    expect(exclusionSentence(12_345, { bot: 0, preview: 1_500 })).toBe("12,345 scans counted · 1,500 not counted: 1,500 link previews");
  });
});

describe("resolveRange", () => {
  it("ends presets today, in the owner's days", () => {
    expect(resolveRange(query({ range: "7" }), "2024-03-05")).toEqual({ preset: "7", from: "2024-02-28", to: "2024-03-05", days: 7, notice: null });
    expect(resolveRange(query({}), "2024-03-05")).toMatchObject({ preset: "30", from: "2024-02-05", days: 30 });
    expect(resolveRange(query({ range: "90" }), "2024-03-05").from).toBe("2023-12-07");
  });
  it("accepts a custom range up to 24 months, and explains what it refuses", () => {
    expect(resolveRange(query({ range: "custom", from: "2024-01-01", to: "2024-01-01" }), "2024-03-05")).toMatchObject({ days: 1, notice: null });
    expect(resolveRange(query({ range: "custom", from: "2022-03-05", to: "2024-03-04" }), "2024-03-05")).toMatchObject({
      days: 731,
      preset: "custom",
    });
    expect(resolveRange(query({ range: "custom", from: "2022-03-04", to: "2024-03-04" }), "2024-03-05").notice).toMatch(/at most 731 days/);
    expect(resolveRange(query({ range: "custom", from: "2024-03-06", to: "2024-03-07" }), "2024-03-05").notice).toMatch(/starts in the future/);
    expect(resolveRange(query({ range: "custom", from: "2024-13-01", to: "2024-03-01" }), "2024-03-05").notice).toMatch(/both a start and an end/);
    expect(resolveRange(query({ range: "weird" }), "2024-03-05")).toMatchObject({ preset: "30", notice: null });
  });
  it("lists every day of a range, across month ends", () => {
    expect(daysOf({ from: "2024-02-27", days: 4 })).toEqual(["2024-02-27", "2024-02-28", "2024-02-29", "2024-03-01"]);
  });
});

it("share is a whole percentage, 0 of nothing", () => {
  expect(share(1, 3)).toBe(33);
  expect(share(5, 0)).toBe(0);
});

describe("refusalSentence", () => {
  it("names each reason, largest first, and leaves empty ones out", () => {
    expect(refusalSentence({})).toBe("No forms were turned away.");
    expect(refusalSentence({ inactive: 1 })).toBe("1 form was turned away: 1 while the campaign was paused.");
    expect(refusalSentence({ no_scan: 1, invalid_fields: 2, rate_limited: 0 })).toBe(
      "3 forms were turned away: 2 with invalid details, 1 without a scan of this campaign.",
    );
  });
});

describe("the range in plain words", () => {
  it("says visits, people, where they came from and who left their details, once", () => {
    const totals = { scans: 6, unique: 5, qr: 2, link: 4, leads: 3, conversion: 60 };
    expect(rangeSummarySentence(totals, last(30))).toBe(
      "In the last 30 days: 6 visits by 5 different people (2 from the printed code, 4 from a shared link); 3 left their details (60% of the people who came).",
    );
    expect(rangeSummarySentence({ ...totals, scans: 1, unique: 1, qr: 1, link: 0, leads: 0, conversion: 0 }, last(7))).toBe(
      "In the last 7 days: 1 visit by 1 person (1 from the printed code, 0 from a shared link); nobody left their details yet.",
    );
    expect(rangeSummarySentence({ ...totals, scans: 0 }, last(7))).toBe("No visits in the last 7 days yet.");
  });

  it("says how far 'different people' can be trusted without jargon", () => {
    expect(uniqueExactnessSentence(0, 0)).toBe("No visits in this range yet, so nobody was counted twice.");
    expect(uniqueExactnessSentence(1, 0)).toBe("The one visit came from a browser recognised again, so nobody was counted twice.");
    expect(uniqueExactnessSentence(5, 0)).toBe("All 5 visits came from a browser recognised again, so nobody was counted twice.");
    expect(uniqueExactnessSentence(4, 2)).toBe(
      "2 of 4 visits (50%) came from a browser that refused or dropped our cookie; each of these may be a person counted twice.",
    );
  });
});

describe("the sentences in the member's language", () => {
  it("German: counted phrases, reasons and numbers in German forms", () => {
    expect(exclusionSentence(12_345, { bot: 2, owner: 1, preview: 1_500 }, "de")).toBe(
      "12.345 Scans gezählt · 1.503 nicht gezählt: 1.500 Link-Vorschauen, 2 Bots, 1 von Ihnen",
    );
    expect(exclusionSentence(1, {}, "de")).toBe("1 Scan gezählt · 0 nicht gezählt");
    expect(refusalSentence({}, "de")).toBe("Es wurden keine Formulare abgewiesen.");
    expect(refusalSentence({ inactive: 1 }, "de")).toBe("1 Formular wurde abgewiesen: 1, während die Kampagne pausiert war.");
    expect(refusalSentence({ no_scan: 1, invalid_fields: 2 }, "de")).toBe(
      "3 Formulare wurden abgewiesen: 2 mit ungültigen Angaben, 1 ohne Scan dieser Kampagne.",
    );
    const totals = { scans: 1_234, unique: 1, qr: 1_000, link: 234, leads: 1, conversion: 12.5 };
    expect(rangeSummarySentence(totals, last(30), "de")).toBe(
      "In den letzten 30 Tagen: 1.234 Besuche von 1 Person (1.000 über den gedruckten Code, 234 über einen geteilten Link); 1 hat seine Daten hinterlassen (12,5 % der Personen, die kamen).",
    );
    expect(rangeSummarySentence({ ...totals, scans: 0 }, last(7), "de")).toBe("Noch keine Besuche in den letzten 7 Tagen.");
    const custom = resolveRange(query({ range: "custom", from: "2024-01-01", to: "2024-01-31" }), "2024-03-05");
    expect(rangeSummarySentence({ ...totals, leads: 0 }, custom, "de")).toBe(
      "Von 2024-01-01 bis 2024-01-31: 1.234 Besuche von 1 Person (1.000 über den gedruckten Code, 234 über einen geteilten Link); noch niemand hat seine Daten hinterlassen.",
    );
    expect(uniqueExactnessSentence(1, 0, "de")).toBe("Der eine Besuch kam von einem wiedererkannten Browser, also wurde niemand doppelt gezählt.");
    expect(uniqueExactnessSentence(4, 2, "de")).toBe(
      "2 von 4 Besuchen (50 %) kamen von Browsern, die unser Cookie abgelehnt oder gelöscht haben; hinter jedem kann eine doppelt gezählte Person stecken.",
    );
  });

  it("Arabic: the dual and the few forms", () => {
    expect(exclusionSentence(2, { bot: 2 }, "ar")).toBe("عمليتا مسح محتسبتان · 2 غير محتسبة: روبوتان");
    expect(refusalSentence({ invalid_fields: 3 }, "ar")).toBe("رُفضت 3 نماذج: 3 ببيانات غير صالحة.");
    expect(rangeSummarySentence({ scans: 2, unique: 2, qr: 2, link: 0, leads: 0, conversion: 0 }, last(7), "ar")).toBe(
      "في آخر 7 أيام: زيارتان من شخصين مختلفين (2 من الرمز المطبوع، 0 من رابط تمت مشاركته)؛ ولم يترك أحد بياناته بعد.",
    );
    expect(uniqueExactnessSentence(2, 0, "ar")).toBe("الزيارتان جاءتا من متصفحات تم التعرف عليها مجددًا، لذا لم يُحتسب أحد مرتين.");
  });
});
