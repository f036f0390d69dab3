import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { DeleteObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import sharp, { type Metadata } from "sharp";
import { upload } from "~/db/schema";
import { DomainError, isDomainError } from "~/utils/domain-error";
import { getEnv } from "~/utils/env.server";
import { MAX_INPUT_PIXELS, STORED_MAX_SIDE, type UploadProblem } from "./limits";
import { getServices } from "~/utils/services.server";

export type UploadFolder = "qr-logos" | "blog-banners";
export { MAX_INPUT_PIXELS };

/** Raster formats we accept. SVG is refused: it can carry script. */
const ALLOWED_TYPES = new Map([
  ["image/png", "png"],
  ["image/jpeg", "jpg"],
  ["image/webp", "webp"],
  ["image/gif", "gif"],
]);
/**
 * Markup hidden in an image (a GIF/HTML polyglot, script in a comment chunk) has no innocent use,
 * and a sniffing client or a misconfigured CDN could run it. Camera metadata (XMP) never matches.
 */
const EMBEDDED_MARKUP = /<\s*(?:script|html|body|iframe|svg|object|embed|!doctype)\b|javascript:/i;

/** The file is not an image we keep; each route words the refusal for its own upload. */
const rejected = (code: `upload_${UploadProblem}`) => new DomainError(code, code);

/** Which upload rule refused the file (each upload's messages word it), or null for any other error. */
export function uploadProblem(error: unknown): UploadProblem | null {
  if (isDomainError(error, "upload_not_image", "upload_too_large", "upload_too_many_pixels"))
    return error.code.slice("upload_".length) as UploadProblem;
  return null;
}

/**
 * Decodes an image under the pixel budget, turns it upright, shrinks it to fit `maxSide` and
 * re-encodes it: only pixels survive (no metadata, comments or appended content). Runs in libuv's
 * thread pool, never on the event loop. Logos and images with transparency become PNG, photos JPEG.
 */
export async function normaliseImage(bytes: Buffer, options: { maxSide: number; format?: "png" | "auto" }) {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw rejected("upload_not_image");
  }
  if (!metadata.width || !metadata.height) throw rejected("upload_not_image");
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw rejected("upload_too_many_pixels");
  const asPng = options.format === "png" || metadata.hasAlpha;
  try {
    const pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .autoOrient()
      .resize(options.maxSide, options.maxSide, { fit: "inside", withoutEnlargement: true });
    const { data, info } = await (asPng ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 85, mozjpeg: true })).toBuffer({
      resolveWithObject: true,
    });
    return { bytes: data, contentType: asPng ? "image/png" : "image/jpeg", extension: asPng ? "png" : "jpg", width: info.width, height: info.height };
  } catch {
    throw rejected("upload_not_image");
  }
}

/**
 * Stores an uploaded image after checking it by content (magic bytes, a decodable image within
 * the pixel budget), not by its name or declared type, normalised by `normaliseImage`. Returns
 * the public URL.
 */
export async function saveImageUpload(options: { file: File; folder: UploadFolder; maxBytes: number; userId: string | null }) {
  const { file, folder, maxBytes, userId } = options;
  if (file.size > maxBytes) throw rejected("upload_too_large");
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length === 0) throw rejected("upload_not_image");
  if (bytes.length > maxBytes) throw rejected("upload_too_large");

  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !ALLOWED_TYPES.has(detected.mime)) throw rejected("upload_not_image");
  if (EMBEDDED_MARKUP.test(bytes.toString("latin1"))) throw rejected("upload_not_image");
  // QR codes draw logos as PNG (transparency kept); banners keep whichever suits them.
  const image = await normaliseImage(bytes, { maxSide: STORED_MAX_SIDE[folder], format: folder === "qr-logos" ? "png" : "auto" });

  const key = `${folder}/${Date.now()}-${crypto.randomBytes(8).toString("hex")}.${image.extension}`;
  await getStorage().put(key, image.bytes, image.contentType);
  const { db } = await getServices();
  await db.insert(upload).values({ key, userId, contentType: image.contentType, size: image.bytes.length });
  return getStorage().publicUrl(key);
}

/** Removes a stored upload's file (local disk or S3); nothing happens when it is already gone. */
export async function removeStoredUpload(key: string) {
  await getStorage().remove(key);
}

/** Removes every file a user uploaded (account deletion). */
export async function deleteUploadsOfUser(userId: string) {
  const { db } = await getServices();
  const rows = await db.select({ key: upload.key }).from(upload).where(eq(upload.userId, userId));
  for (const row of rows) await getStorage().remove(row.key);
  await db.delete(upload).where(eq(upload.userId, userId));
}

/** Reads a locally stored upload for the `/uploads/*` route; null when unknown. */
export async function readLocalUpload(key: string) {
  if (!/^(qr-logos|blog-banners)\/[0-9]+-[0-9a-f]{16}\.(png|jpg|webp|gif)$/.test(key)) return null;
  const { db } = await getServices();
  const [row] = await db.select({ contentType: upload.contentType }).from(upload).where(eq(upload.key, key));
  if (!row) return null;
  try {
    const bytes = await fs.readFile(path.join(uploadsDir(), key));
    return { bytes, contentType: row.contentType };
  } catch {
    return null;
  }
}

type Storage = {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  publicUrl(key: string): string;
};

function uploadsDir() {
  return path.join(getEnv().dataDir, "uploads");
}

let storage: Storage | undefined;

function getStorage(): Storage {
  storage ??= createStorage();
  return storage;
}

function createStorage(): Storage {
  const env = getEnv();
  if (env.S3_BUCKET) {
    const client = new S3Client({
      region: env.S3_REGION ?? "us-east-1",
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: Boolean(env.S3_ENDPOINT),
      credentials:
        env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
    const base = env.S3_PUBLIC_URL ?? `${env.S3_ENDPOINT ?? `https://${env.S3_BUCKET}.s3.amazonaws.com`}/${env.S3_BUCKET}`;
    return {
      async put(key, bytes, contentType) {
        await client.send(new PutObjectCommand({ Bucket: env.S3_BUCKET, Key: key, Body: bytes, ContentType: contentType }));
      },
      async remove(key) {
        await client.send(new DeleteObjectCommand({ Bucket: env.S3_BUCKET, Key: key }));
      },
      publicUrl: (key) => `${base.replace(/\/$/, "")}/${key}`,
    };
  }
  return {
    async put(key, bytes) {
      const file = path.join(uploadsDir(), key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes);
    },
    async remove(key) {
      await fs.rm(path.join(uploadsDir(), key), { force: true });
    },
    publicUrl: (key) => `/uploads/${key}`,
  };
}

/** The public URL of a stored upload (the one `saveImageUpload` returned for it). */
export function uploadPublicUrl(key: string) {
  return getStorage().publicUrl(key);
}

/**
 * A stored upload's bytes (e.g. a logo drawn into a QR code); null when unknown. With S3 it is
 * read from the operator-configured public URL, never from an address a user supplied.
 */
export async function readUpload(key: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  if (!getEnv().S3_BUCKET) return readLocalUpload(key);
  const { db } = await getServices();
  const [row] = await db.select({ contentType: upload.contentType }).from(upload).where(eq(upload.key, key));
  if (!row) return null;
  const response = await fetch(getStorage().publicUrl(key), { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) return null;
  return { bytes: Buffer.from(await response.arrayBuffer()), contentType: row.contentType };
}
