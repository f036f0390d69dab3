// Issue 54 item 7: a campaign translated into Spanish prints in English, in Spanish, or in both;
// the call to action never has the offer spliced into it; a language without the owner's words
// is refused with a sentence naming the ones there are.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { campaign } from "~/db/schema";
import type { PlanItem } from "~/features/print/print-layout";
import { getPrintSheet, parsePrintOptions } from "~/features/print/print.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";

async function translatedCampaign() {
  const owner = await createUser();
  const { db } = await getServices();
  const { id } = await createCampaignRow(owner.id, { discount: "A free pastry", minOrder: "With any coffee" });
  await db
    .update(campaign)
    .set({ copyTranslations: { es: { offer: "Un bollo gratis", condition: "Con cualquier café" } } })
    .where(eq(campaign.id, id));
  return { owner, campaignId: id };
}

async function printedWords(owner: { id: string }, campaignId: string, query: Record<string, string>) {
  const { db } = await getServices();
  const sheet = (await getPrintSheet(db, { userId: owner.id, campaignId, options: parsePrintOptions(query), appOrigin: "https://example.com" }))!;
  const texts = sheet.plan!.items.filter((item): item is Extract<PlanItem, { kind: "text" }> => item.kind === "text");
  const of = (role: string) =>
    texts
      .find((item) => item.role === role)!
      .lines.map((line) => line.text)
      .join(" ");
  return { sheet, offer: of("offer"), condition: of("condition"), cta: of("cta") };
}

describe("a multilingual campaign's print kit", () => {
  it("offers the page's language, each translated one, and both side by side", async () => {
    const { owner, campaignId } = await translatedCampaign();
    const { sheet } = await printedWords(owner, campaignId, { format: "poster" });
    expect(sheet.languageChoices).toEqual([
      { value: "en", names: ["English"], isPage: true },
      { value: "es", names: ["Español"], isPage: false },
      { value: "en-es", names: ["English", "Español"], isPage: false },
    ]);
  });

  it("prints the page's language by default, never splicing the offer into the call to action", async () => {
    const { owner, campaignId } = await translatedCampaign();
    const words = await printedWords(owner, campaignId, { format: "poster" });
    expect(words).toMatchObject({ offer: "A free pastry", condition: "With any coffee", cta: "Scan to claim this offer" });
  });

  it("prints the owner's Spanish words in Spanish, and both languages on a bilingual poster", async () => {
    const { owner, campaignId } = await translatedCampaign();
    expect(await printedWords(owner, campaignId, { format: "poster", lang: "es" })).toMatchObject({
      offer: "Un bollo gratis",
      condition: "Con cualquier café",
      cta: "Escanea para conseguir esta oferta",
    });
    expect(await printedWords(owner, campaignId, { format: "flyer", lang: "en-es" })).toMatchObject({
      offer: "A free pastry / Un bollo gratis",
      condition: "With any coffee / Con cualquier café",
      cta: "Scan to claim this offer / Escanea para conseguir esta oferta",
    });
  });

  it("refuses a language the campaign has no words in, naming the ones it has", async () => {
    const { owner, campaignId } = await translatedCampaign();
    await expect(printedWords(owner, campaignId, { lang: "de" })).rejects.toThrow(
      "This campaign has no copy in that language. Print in English (en), Español (es), or the page's next to another (en-es).",
    );
    expect(() => parsePrintOptions({ lang: "<script>" })).toThrow("Unknown language.");
  });
});
