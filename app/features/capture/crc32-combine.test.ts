import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32Combine, crc32ShiftOf } from "./crc32-combine";

describe("crc32Combine", () => {
  it("gives the CRC-32 of a concatenation from its pieces' CRCs, for empty, short and long pieces", () => {
    for (const [a, b] of [
      [0, 0],
      [0, 7],
      [5, 0],
      [1, 1],
      [13, 64],
      [20_000, 36],
      [36, 70_000],
    ] as const) {
      const first = crypto.randomBytes(a);
      const second = crypto.randomBytes(b);
      const combined = crc32Combine(zlib.crc32(first), zlib.crc32(second), crc32ShiftOf(second.length));
      expect(combined).toBe(zlib.crc32(Buffer.concat([first, second])));
    }
  });
});
