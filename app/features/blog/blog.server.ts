import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { blogPost, user } from "~/db/schema";
import { recordAdminAction } from "~/utils/audit.server";
import { PAGE_SIZE, pageOffset } from "~/utils/paging";
import { containsPattern } from "~/utils/text";
import { DomainError } from "~/utils/domain-error";
import type { PostInput, PostStatusFilter } from "./blog.schema";

/** The public list can never be longer than this; the blog is a handful of posts. */
const PUBLIC_LIST_LIMIT = 100;

export async function listPublishedPosts(db: Database) {
  return db
    .select({
      id: blogPost.id,
      title: blogPost.title,
      slug: blogPost.slug,
      excerpt: blogPost.excerpt,
      publishedAt: blogPost.publishedAt,
      authorName: user.name,
    })
    .from(blogPost)
    .leftJoin(user, eq(user.id, blogPost.authorId))
    .where(eq(blogPost.published, true))
    .orderBy(desc(blogPost.publishedAt), desc(blogPost.createdAt))
    .limit(PUBLIC_LIST_LIMIT);
}

/** A post by slug; drafts only for admins (previews). */
export type GetPostBySlugOptions = { slug: string; includeDrafts: boolean };

export async function getPostBySlug(db: Database, { slug, includeDrafts }: GetPostBySlugOptions) {
  const [post] = await db
    .select({
      title: blogPost.title,
      slug: blogPost.slug,
      content: blogPost.content,
      excerpt: blogPost.excerpt,
      bannerImageUrl: blogPost.bannerImageUrl,
      published: blogPost.published,
      publishedAt: blogPost.publishedAt,
      createdAt: blogPost.createdAt,
      authorName: user.name,
    })
    .from(blogPost)
    .leftJoin(user, eq(user.id, blogPost.authorId))
    .where(includeDrafts ? eq(blogPost.slug, slug) : and(eq(blogPost.slug, slug), eq(blogPost.published, true)));
  return post ?? null;
}

export type ListPostsForAdminOptions = { q: string; status: PostStatusFilter; page: number };

export async function listPostsForAdmin(db: Database, { q, status, page }: ListPostsForAdminOptions) {
  const conditions: SQL[] = [];
  if (q) conditions.push(or(ilike(blogPost.title, containsPattern(q)), ilike(blogPost.content, containsPattern(q)))!);
  if (status !== "all") conditions.push(eq(blogPost.published, status === "published"));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: blogPost.id,
        title: blogPost.title,
        slug: blogPost.slug,
        published: blogPost.published,
        publishedAt: blogPost.publishedAt,
        createdAt: blogPost.createdAt,
        authorEmail: user.email,
      })
      .from(blogPost)
      .leftJoin(user, eq(user.id, blogPost.authorId))
      .where(where)
      .orderBy(desc(blogPost.createdAt), desc(blogPost.id))
      .limit(PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ value: count() }).from(blogPost).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export type GetPostForEditOptions = { postId: string };

export async function getPostForEdit(db: Database, { postId }: GetPostForEditOptions) {
  const [post] = await db
    .select({
      id: blogPost.id,
      title: blogPost.title,
      slug: blogPost.slug,
      excerpt: blogPost.excerpt,
      content: blogPost.content,
      bannerImageUrl: blogPost.bannerImageUrl,
      published: blogPost.published,
    })
    .from(blogPost)
    .where(eq(blogPost.id, postId));
  return post ?? null;
}

export type CreatePostOptions = { actorId: string; input: PostInput };

export async function createPost(db: Database, { actorId, input }: CreatePostOptions) {
  return withSlugCheck(() =>
    db.transaction(async (tx) => {
      const now = new Date();
      const [row] = await tx
        .insert(blogPost)
        .values({
          title: input.title,
          slug: input.slug,
          excerpt: input.excerpt,
          content: input.content,
          bannerImageUrl: input.bannerImageUrl,
          published: input.publish,
          publishedAt: input.publish ? now : null,
          authorId: actorId,
        })
        .returning({ id: blogPost.id, slug: blogPost.slug });
      await recordAdminAction(tx, {
        actorId,
        action: "blog.create",
        target: `blog_post:${row!.id}`,
        detail: { slug: row!.slug, published: input.publish },
      });
      return row!;
    }),
  );
}

export type UpdatePostOptions = { actorId: string; postId: string; input: PostInput };

/** Updates a post; null when it does not exist. Publishing keeps the first publication date. */
export async function updatePost(db: Database, { actorId, postId, input }: UpdatePostOptions) {
  return withSlugCheck(() =>
    db.transaction(async (tx) => {
      const [current] = await tx
        .select({ published: blogPost.published, publishedAt: blogPost.publishedAt })
        .from(blogPost)
        .where(eq(blogPost.id, postId))
        .for("update");
      if (!current) return null;
      const publishedAt = input.publish ? (current.published && current.publishedAt ? current.publishedAt : new Date()) : null;
      const [row] = await tx
        .update(blogPost)
        .set({
          title: input.title,
          slug: input.slug,
          excerpt: input.excerpt,
          content: input.content,
          bannerImageUrl: input.bannerImageUrl,
          published: input.publish,
          publishedAt,
          updatedAt: new Date(),
        })
        .where(eq(blogPost.id, postId))
        .returning({ id: blogPost.id, slug: blogPost.slug });
      await recordAdminAction(tx, {
        actorId,
        action: "blog.update",
        target: `blog_post:${postId}`,
        detail: { slug: input.slug, published: input.publish },
      });
      return row!;
    }),
  );
}

export type SetPostPublishedOptions = { actorId: string; postId: string; published: boolean };

/** Publish sets published_at to now, unpublish clears it (spec §4). False when the post does not exist. */
export async function setPostPublished(db: Database, { actorId, postId, published }: SetPostPublishedOptions) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(blogPost)
      .set({ published, publishedAt: published ? new Date() : null, updatedAt: new Date() })
      .where(eq(blogPost.id, postId))
      .returning({ slug: blogPost.slug });
    if (rows.length === 0) return false;
    await recordAdminAction(tx, {
      actorId,
      action: published ? "blog.publish" : "blog.unpublish",
      target: `blog_post:${postId}`,
      detail: { slug: rows[0]!.slug },
    });
    return true;
  });
}

export type DeletePostOptions = { actorId: string; postId: string };

export async function deletePost(db: Database, { actorId, postId }: DeletePostOptions) {
  return db.transaction(async (tx) => {
    const rows = await tx.delete(blogPost).where(eq(blogPost.id, postId)).returning({ slug: blogPost.slug, title: blogPost.title });
    if (rows.length === 0) return false;
    await recordAdminAction(tx, { actorId, action: "blog.delete", target: `blog_post:${postId}`, detail: rows[0] });
    return true;
  });
}

async function withSlugCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("slug_taken", "This slug is already used by another post. Choose another one.");
    throw error;
  }
}

/** PostgreSQL's unique_violation, whichever driver (pg, PGlite) and however drizzle wraps it. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
