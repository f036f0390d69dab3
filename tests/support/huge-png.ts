// A valid PNG with a huge canvas in a small file: rows of zeros deflate ~1000:1, so an
// 8000×8000 16-bit RGBA image (512 MB decoded) is about half a megabyte, as an attacker sent it.
import { once } from "node:events";
import zlib from "node:zlib";

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

export async function hugePng(width: number, height: number, options: { bitDepth?: 8 | 16; trailer?: Buffer } = {}) {
  const bitDepth = options.bitDepth ?? 16;
  const row = Buffer.alloc(1 + width * 4 * (bitDepth / 8));
  const deflate = zlib.createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on("data", (part: Buffer) => parts.push(part));
  const ended = once(deflate, "end");
  for (let y = 0; y < height; y++) if (!deflate.write(row)) await once(deflate, "drain");
  deflate.end();
  await ended;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(bitDepth, 8);
  header.writeUInt8(6, 9); // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.concat(parts)),
    chunk("IEND", Buffer.alloc(0)),
    options.trailer ?? Buffer.alloc(0),
  ]);
}
