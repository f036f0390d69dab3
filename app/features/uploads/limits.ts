// Upload limits a deployer should know (docs/operations.md lists them).

/**
 * Pixel budget for any image we decode (uploads, and logos stored before uploads were normalised).
 * A small file can declare a huge canvas (an 8000×8000 16-bit PNG is ~0.5 MB); it is refused from
 * its header, before anything is decoded. 40 MP covers today's phone and camera photos.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/** What is kept of an upload: the largest side shown (logos: the QR's 60 px and previews; banners: the post's width). */
export const STORED_MAX_SIDE = { "qr-logos": 512, "blog-banners": 1600 } as const;

/** Uploads no campaign or post refers to are deleted once they are this old. */
export const UNREFERENCED_UPLOAD_TTL_HOURS = 24;

/** Why an image upload is refused; each upload's schema words these for its own field. */
export type UploadProblem = "not_image" | "too_large" | "too_many_pixels";

/** The check made before sending (the browser) and before storing (the server, which also sniffs the bytes). */
export function uploadProblemOf(file: { type: string; size: number }, maxBytes: number): "not_image" | "too_large" | null {
  if (!file.type.startsWith("image/")) return "not_image";
  if (file.size > maxBytes) return "too_large";
  return null;
}

/** "2MB" for 2 × 1024 × 1024, as the spec's upload messages write sizes. */
export function megabytesLabel(bytes: number) {
  return `${bytes / (1024 * 1024)}MB`;
}
