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
