import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { calendarDay, csvFileName, csvRow, likePattern, maskEmail, maskLead, maskName, maskPhone, safeCsvCell } from "./leads";

describe("masking", () => {
  it("keeps only a first letter, the TLD and the last four digits", () => {
    expect(maskLead({ name: "Jane Doe", email: "jane.doe@example.com", phone: "+1 (555) 123-4567" })).toEqual({
      name: "J***",
      email: "j***@***.com",
      phone: "***-***-4567",
    });
  });

  it("handles empty, odd and non-ASCII values", () => {
    expect(maskName("")).toBe("***");
    expect(maskName("  Émilie")).toBe("É***");
    expect(maskName("😀 smile")).toBe("😀***");
    expect(maskEmail("no-at-sign")).toBe("***@***");
    expect(maskEmail("x@localhost")).toBe("x***@***");
    expect(maskEmail("x@host.secretpart")).toBe("x***@***");
    expect(maskPhone(null)).toBeNull();
    expect(maskPhone("12")).toBe("***-***-****");
  });

  it("never contains the name, the email's local part or domain, or more than 4 phone digits", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 2 }),
        fc.stringMatching(/^[a-z]{3,12}$/),
        fc.stringMatching(/^[a-z]{4,12}$/),
        fc.stringMatching(/^\+?[0-9]{7,15}$/),
        (name, local, domain, phone) => {
          const masked = maskLead({ name: `${name}zz`, email: `${local}@${domain}.org`, phone });
          expect(masked.name).not.toContain(`${name}zz`);
          expect(masked.email).not.toContain(local);
          expect(masked.email).not.toContain(domain);
          expect(masked.phone!.replace(/\D/g, "").length).toBe(4);
        },
      ),
    );
  });
});

describe("search pattern", () => {
  it("escapes LIKE wildcards", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});

describe("CSV cells", () => {
  it.each(["=SUM(A1:A2)", "+cmd|' /C calc'!A0", "-2+3", "@SUM(1)", "\tx", "\rx"])("quotes the formula-like %j", (value) => {
    expect(safeCsvCell(value)).toBe(`'${value}`);
  });

  it("leaves ordinary text alone", () => {
    expect(safeCsvCell('Jane, "JD" Doe')).toBe('Jane, "JD" Doe');
    expect(safeCsvCell(null)).toBe("");
  });

  it("keeps phone numbers readable, but not formulas posing as phones", () => {
    expect(safeCsvCell("+1 555 123 4567", "phone")).toBe("+1 555 123 4567");
    expect(safeCsvCell("+44 (20) 7946-0958", "phone")).toBe("+44 (20) 7946-0958");
    expect(safeCsvCell("555.123.4567", "phone")).toBe("555.123.4567");
    expect(safeCsvCell('+1+HYPERLINK("x")', "phone")).toBe('\'+1+HYPERLINK("x")');
    expect(safeCsvCell("-1-1", "phone")).toBe("'-1-1");
    expect(safeCsvCell("=1+1", "phone")).toBe("'=1+1");
  });

  it("no cell of a row can start a formula, whatever the input", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.option(fc.string(), { nil: null }), fc.string(), (name, email, phone, campaign) => {
        const row = csvRow({ name, email, phone, campaign, collectedAt: new Date(0) });
        for (const [index, cell] of row.entries()) {
          if (index === 2 && /^\+?[0-9][0-9 ().-]+[0-9]$/.test(cell)) continue;
          expect(cell).not.toMatch(/^[=+\-@\t\r]/);
        }
      }),
    );
  });

  it("names the file by the owner's day", () => {
    const instant = new Date("2024-03-10T02:00:00Z");
    expect(csvFileName(instant, "UTC")).toBe("leadqr-leads-2024-03-10.csv");
    expect(csvFileName(instant, "America/New_York")).toBe("leadqr-leads-2024-03-09.csv");
    expect(calendarDay(instant, "Asia/Tokyo")).toBe("2024-03-10");
  });
});
