import { describe, expect, it } from "vitest";
import { createCopyTranslator, parseTranslation, translationPrompt } from "./translate-copy.server";

const original = { headline: "20% Off Your Coffee", offer: "20% off", condition: "orders over $10", thankYou: "Thanks! Show this at the counter." };

describe("an AI translation of the owner's copy", () => {
  it("is read from JSON (also fenced), with all four fields", () => {
    const answer = JSON.stringify({
      headline: "20 % de descuento en tu café",
      offer: "20 % de descuento",
      condition: "pedidos de más de 10 $",
      thankyou: "¡Gracias!",
    });
    expect(parseTranslation(answer, original)).toEqual({
      headline: "20 % de descuento en tu café",
      offer: "20 % de descuento",
      condition: "pedidos de más de 10 $",
      thankYou: "¡Gracias!",
    });
    expect(parseTranslation("```json\n" + answer + "\n```", original)?.offer).toBe("20 % de descuento");
  });

  it("is refused when a field is missing or empty, when it is not JSON, or when it brings a number the owner did not write", () => {
    expect(parseTranslation(JSON.stringify({ headline: "Hola", offer: "20 %", condition: "", thankyou: "Gracias" }), original)).toBeNull();
    expect(parseTranslation(JSON.stringify({ headline: "Hola", offer: "20 %", thankyou: "Gracias" }), original)).toBeNull();
    expect(parseTranslation("Claro, aquí está la traducción", original)).toBeNull();
    expect(
      parseTranslation(
        JSON.stringify({ headline: "Hola", offer: "30 % de descuento", condition: "pedidos de más de 10 $", thankyou: "Gracias" }),
        original,
      ),
    ).toBeNull();
  });

  it("names both languages and carries the copy as JSON", () => {
    const prompt = translationPrompt({ copy: original, from: "en", to: "ar", businessType: "Coffee Shop" });
    expect(prompt).toContain("from English into Arabic (ar).");
    expect(JSON.parse(prompt.split("\n").at(-1)!)).toEqual({
      headline: original.headline,
      offer: "20% off",
      condition: "orders over $10",
      thankyou: original.thankYou,
    });
  });

  it("is not attempted without a key", async () => {
    const translate = createCopyTranslator({ apiKey: undefined, model: "gpt-3.5-turbo" });
    expect(await translate({ copy: original, from: "en", to: "es", businessType: "Coffee Shop" })).toBeNull();
  });
});
