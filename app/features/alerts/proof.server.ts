import crypto from "node:crypto";

/** Proof codes and link tokens are kept as their sha256 only. */
export const hashProof = (value: string) => crypto.createHash("sha256").update(value).digest("hex");
