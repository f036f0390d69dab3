// A local stand-in for the OpenAI chat completions API (used through OPENAI_BASE_URL). The API
// key chooses the behaviour, so one server covers the success and every fallback path.
import http from "node:http";

const BEHAVIOURS = {
  "sk-stub-ok": "ok",
  "sk-stub-429": "quota",
  "sk-stub-500": "error",
  "sk-stub-slow": "slow",
  "sk-stub-garbage": "garbage",
  "sk-stub-deadline": "deadline",
};

function completionOf(request, content) {
  return {
    id: "chatcmpl-stub",
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: request.model ?? "gpt-3.5-turbo",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 50, completion_tokens: 40, total_tokens: 90 },
  };
}

/** Starts the stub on a free port; `requests` records every parsed request body. */
export async function createOpenAiStub() {
  const requests = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const key = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      let parsed = {};
      try {
        parsed = JSON.parse(body || "{}");
      } catch {}
      // A browser journey cannot choose the key: an offer mentioning "[quota]" plays the quota error.
      const behaviour = JSON.stringify(parsed).includes("[quota]") ? "quota" : (BEHAVIOURS[key] ?? "unauthorized");
      requests.push({ path: req.url, key, body: parsed });
      const send = (status, payload) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) return send(404, { error: { message: "not found" } });
      if (behaviour === "unauthorized")
        return send(401, { error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } });
      if (behaviour === "quota")
        return send(429, { error: { message: "You exceeded your current quota", type: "insufficient_quota", code: "insufficient_quota" } });
      if (behaviour === "error") return send(500, { error: { message: "The server had an error", type: "server_error" } });
      const prompt = String(parsed.messages?.at(-1)?.content ?? "");
      // "Translate with AI": the copy comes back marked with the target language's code.
      const translation = /^Translate .* \(([a-z]{2})\)\./.exec(prompt);
      if (translation && behaviour === "ok") {
        const original = JSON.parse(prompt.split("\n").at(-1));
        const marked = Object.fromEntries(Object.entries(original).map(([field, text]) => [field, `[${translation[1]}] ${text}`]));
        return send(200, completionOf(parsed, JSON.stringify(marked)));
      }
      const business = /for an? (.+?) running/.exec(prompt)?.[1] ?? "business";
      const offer = /Offer: (.+?)\. Condition/.exec(prompt)?.[1] ?? "a great deal";
      const content =
        behaviour === "garbage"
          ? "Sure! Here is a headline you might like: Best coffee in town."
          : behaviour === "deadline"
            ? JSON.stringify({ headline: `Today only: ${offer} for just $2`, thankyou: `Hurry, ${offer} ends tonight!` })
            : JSON.stringify({
                headline: `Fresh Picks at Your Favourite ${business}: Grab ${offer}`,
                thankyou: `Thank you for claiming ${offer}! We have saved your spot. See you very soon.`,
              });
      const completion = completionOf(parsed, content);
      if (behaviour === "slow") setTimeout(() => send(200, completion), 3_000);
      else send(200, completion);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** For scripts/e2e-server.mjs: the variables pointing the app at this stub. */
export async function start() {
  const stub = await createOpenAiStub();
  return { OPENAI_API_KEY: "sk-stub-ok", OPENAI_BASE_URL: stub.baseURL };
}
