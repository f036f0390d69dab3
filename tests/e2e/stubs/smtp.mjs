// A local SMTP server (the `smtp-server` package) that keeps what it receives, plus a tiny HTTP
// endpoint listing the mails: GET {SMTP_STUB_URL}/messages -> [{ to, subject, raw }].
import http from "node:http";
import { SMTPServer } from "smtp-server";

/** The Subject as a reader sees it: the header unfolded and its encoded words (RFC 2047, "=?UTF-8?Q?f=C3=BCr?=") decoded. */
function subjectOf(raw) {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n(?=[ \t])/g, "");
  const value = /^Subject: (.*)$/im.exec(head)?.[1] ?? "";
  return value.replace(/(=\?[^?]+\?[QB]\?[^?]*\?=)\s+(?==\?)/gi, "$1").replace(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi, (_, encoding, text) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_hex, hex) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

export async function start() {
  const messages = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const subject = subjectOf(raw);
        messages.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), subject, raw });
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));

  const api = http.createServer((req, res) => {
    if (req.method === "GET" && req.url === "/messages") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(messages));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise((resolve) => api.listen(0, "127.0.0.1", resolve));
  // Neither server may keep the process alive after the app server exits.
  smtp.server.unref();
  api.unref();

  return {
    SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`,
    SMTP_STUB_URL: `http://127.0.0.1:${api.address().port}`,
  };
}
