// @vitest-environment happy-dom
// The warning beside a code phones cannot open, in the owner's language (docs/features/campaigns-and-print.md,
// "Who can open a code"; docs/features/visitor-languages.md, "The owner's screens").
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { OwnerLanguageContext } from "~/features/languages/owner/owner-language";
import { publicAddressVerdict } from "~/utils/public-address";
import { PublicAddressNotice } from "./public-address-notice";
// The server's module holds every owner catalogue, as on the server render.
import "~/features/languages/owner/owner-language.server";

afterEach(cleanup);

describe("the public address notice", () => {
  it("says in English what the server logs: who can open the code and how to fix it", () => {
    const verdict = publicAddressVerdict("http://localhost:3000");
    render(<PublicAddressNotice verdict={verdict} />);
    const note = screen.getByRole("note", { name: "Phones cannot open this code" });
    expect(note.textContent).toBe(`${verdict.warning!.title}. ${verdict.warning!.text}`);
  });

  it("says it in German and in Arabic for an owner who reads them", () => {
    render(
      <OwnerLanguageContext.Provider value="de">
        <PublicAddressNotice verdict={publicAddressVerdict("http://192.168.1.20:3000")} />
      </OwnerLanguageContext.Provider>,
    );
    const note = screen.getByRole("note", { name: "Nur Handys in diesem Netzwerk können diesen Code öffnen" });
    expect(note.textContent).toContain("Er führt zu http://192.168.1.20:3000, einer Adresse im lokalen Netzwerk");
    expect(note.textContent).toContain("starten Sie den Server vor dem Drucken neu");
    cleanup();

    render(
      <OwnerLanguageContext.Provider value="ar">
        <PublicAddressNotice verdict={publicAddressVerdict("http://localhost:3000")} />
      </OwnerLanguageContext.Provider>,
    );
    expect(screen.getByRole("note", { name: "لا تستطيع الهواتف فتح هذا الرمز" }).textContent).toContain("ولا يفتحه إلا هذا الحاسوب");
  });

  it("says nothing for an https address any phone can open", () => {
    const { container } = render(<PublicAddressNotice verdict={publicAddressVerdict("https://qr.example.com")} />);
    expect(container.textContent).toBe("");
  });
});
