import { afterAll, describe, expect, it } from "vitest";
import { createOpenAiStub } from "../e2e/stubs/openai.mjs";

type Stub = { baseURL: string; requests: Array<{ path: string; key: string; body: Record<string, unknown> }>; close: () => Promise<void> };
const stub: Stub = await createOpenAiStub();
// Before anything reads the configuration: the route uses the real SDK against the stub.
process.env.OPENAI_API_KEY = "sk-stub-ok";
process.env.OPENAI_BASE_URL = stub.baseURL;
process.env.AI_MODEL = "gpt-3.5-turbo";

const { createCopyGenerator } = await import("~/features/ai/ai-copy.server");
const aiRoute = await import("~/routes/api.ai-copy");
const { createUser } = await import("../support/factories");
const { callRoute, makeRequest } = await import("../support/http");

afterAll(() => stub.close());

const input = { businessType: "Coffee Shop", offer: "20% off", condition: "orders over $10" };
const generatorWith = (apiKey: string | undefined, timeoutMs?: number) =>
  createCopyGenerator({ apiKey, baseURL: stub.baseURL, model: "gpt-3.5-turbo", timeoutMs });

describe("AI copy endpoint", () => {
  it("returns the model's copy through the OpenAI SDK with the spec's parameters", async () => {
    const { cookie } = await createUser();
    const result = await callRoute(
      aiRoute.action,
      makeRequest("/api/ai-copy", { cookie, form: { businessType: "Bakery", offer: "Free croissant", condition: "with any coffee" } }),
    );
    expect(result.status).toBe(200);
    expect(result.data).toEqual({
      ok: true,
      headline: "Fresh Picks at Your Favourite Bakery: Grab Free croissant",
      thankyou: "Thank you for claiming Free croissant! We have saved your spot. See you very soon.",
      isTemplate: false,
    });
    const request = stub.requests.at(-1)!;
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.body).toMatchObject({ model: "gpt-3.5-turbo", temperature: 0.7, max_tokens: 200 });
    expect(JSON.stringify(request.body.messages)).toContain("8-12 words");
  });

  it("asks for all fields first", async () => {
    const { cookie } = await createUser();
    const forms: Array<Record<string, string>> = [
      { businessType: "Bakery", offer: "x" },
      { businessType: "", offer: "x", condition: "y" },
      { businessType: "Moon Base", offer: "x", condition: "y" },
    ];
    for (const form of forms) {
      const result = await callRoute(aiRoute.action, makeRequest("/api/ai-copy", { cookie, form }));
      expect(result.status).toBe(400);
      expect(result.data).toEqual({ ok: false, error: "Please fill in all fields first" });
    }
  });

  it("limits how often one owner can generate", async () => {
    const { cookie } = await createUser();
    const form = { businessType: "Bakery", offer: "x", condition: "y" };
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await callRoute(aiRoute.action, makeRequest("/api/ai-copy", { cookie, form }))).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
  });

  it("sends signed-out visitors to /signin", async () => {
    const result = (await callRoute(aiRoute.action, makeRequest("/api/ai-copy", { form: { businessType: "Bakery", offer: "x", condition: "y" } })))
      .response!;
    expect(result.headers.get("location")).toBe("/signin");
  });
});

describe("AI copy fallbacks", () => {
  it.each([
    ["no key configured", undefined],
    ["a wrong key (401)", "sk-stub-wrong"],
    ["quota exhausted (429)", "sk-stub-429"],
    ["a server error (500)", "sk-stub-500"],
    ["an answer that is not JSON", "sk-stub-garbage"],
    ["an answer inventing a deadline and a price", "sk-stub-deadline"],
  ])("uses template copy for %s", async (_, key) => {
    const copy = await generatorWith(key)(input);
    expect(copy).toEqual({
      source: "template",
      headline: "Something delicious for you: 20% off",
      thankyou: "Thanks for signing up! Your offer: 20% off. Condition: orders over $10. We look forward to serving you something delicious soon.",
    });
  });

  it("uses template copy when the model is too slow", async () => {
    const started = Date.now();
    const copy = await generatorWith("sk-stub-slow", 300)(input);
    expect(copy.source).toBe("template");
    expect(Date.now() - started).toBeLessThan(2_500);
  });
});
