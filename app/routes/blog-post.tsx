/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { ArrowLeft, Calendar, User } from "lucide-react";
import { data, Link } from "react-router";
import { SiteFooter } from "~/components/site-footer";
import { Badge } from "~/components/ui/badge";
import { getSessionUser } from "~/features/auth/session.server";
import { authorLabel, formatPostDate, slugify } from "~/features/blog/blog";
import { BannerImage, BlogContent } from "~/features/blog/blog-content";
import { SLUG_MAX } from "~/features/blog/blog.schema";
import { getPostBySlug } from "~/features/blog/blog.server";
import { getServices } from "~/utils/services.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { Route } from "./+types/blog-post";

export async function loader({ request, params }: Route.LoaderArgs) {
  const slug = params.slug;
  // Every stored slug is a slugify() result: anything else cannot name a post.
  if (!slug || slug.length > SLUG_MAX || slug !== slugify(slug)) throw data("Blog post not found", { status: 404 });
  const viewer = await getSessionUser(request);
  const { db, env } = await getServices();
  // Only published posts are public; admins may preview drafts.
  const post = await getPostBySlug(db, { slug, includeDrafts: Boolean(viewer?.isAdmin) });
  if (!post) throw data("Blog post not found", { status: 404 });
  const date = post.publishedAt ?? post.createdAt;
  return {
    url: `${env.appOrigin}/blog/${post.slug}`,
    post: {
      title: post.title,
      excerpt: post.excerpt,
      content: post.content,
      bannerImageUrl: post.bannerImageUrl,
      bannerAbsoluteUrl: post.bannerImageUrl ? new URL(post.bannerImageUrl, env.appOrigin).toString() : null,
      isDraft: !post.published,
      author: authorLabel(post.authorName),
      date: formatPostDate(date),
      dateTime: date.toISOString(),
    },
  };
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <>
      <main className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        <BackToBlog />
        <article className="mt-6">
          <header>
            {post.isDraft ? (
              <Badge color="yellow" className="mb-3">
                Draft
              </Badge>
            ) : null}
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-500">
              <span className="inline-flex items-center gap-1">
                <User aria-hidden className="h-4 w-4" /> {post.author}
              </span>
              <span className="inline-flex items-center gap-1">
                <Calendar aria-hidden className="h-4 w-4" /> <time dateTime={post.dateTime}>{post.date}</time>
              </span>
            </div>
            <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-gray-900 sm:text-4xl">{post.title}</h1>
          </header>
          {post.bannerImageUrl ? <BannerImage src={post.bannerImageUrl} alt="" /> : null}
          <div className="mt-8">
            <BlogContent content={post.content} />
          </div>
        </article>
        <aside className="mt-16 rounded-2xl bg-gradient-to-br from-blue-700 to-blue-500 p-8 text-center text-white">
          <h2 className="text-2xl font-bold">Ready to 10x Your Lead Generation?</h2>
          <p className="mt-2 text-blue-100">Create your first QR campaign in minutes. No credit card required.</p>
          <Link to="/signup" className="mt-6 inline-block rounded-lg bg-white px-6 py-3 font-semibold text-blue-700 hover:bg-blue-50">
            Start Free Trial
          </Link>
        </aside>
      </main>
      <SiteFooter />
    </>
  );
}

function BackToBlog() {
  return (
    <Link to="/blog" className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:text-blue-800">
      <ArrowLeft aria-hidden className="h-4 w-4" /> Back to Blog
    </Link>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Post Not Found · LeadQR" }, { name: "robots", content: "noindex" }];
  const { post, url } = loaderData;
  const description = post.excerpt || `${post.title}, on the LeadQR blog.`;
  return [
    { title: `${post.title} · LeadQR Blog` },
    { name: "description", content: description },
    { property: "og:title", content: post.title },
    { property: "og:description", content: description },
    { property: "og:type", content: "article" },
    { property: "og:url", content: url },
    { property: "article:published_time", content: post.dateTime },
    ...(post.bannerAbsoluteUrl ? [{ property: "og:image", content: post.bannerAbsoluteUrl }] : []),
    ...(post.isDraft ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const screen = (title: string, message: string) => (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-gray-900">{title}</h1>
      <p className="mt-3 text-gray-600">{message}</p>
      <div className="mt-8">
        <BackToBlog />
      </div>
    </main>
  );
  return (
    <GeneralErrorBoundary
      error={error}
      statusHandlers={{ 404: () => screen("Post Not Found", "The blog post you're looking for doesn't exist.") }}
      unexpectedErrorHandler={() => screen("Something went wrong", "The blog post could not be loaded. Please try again.")}
    />
  );
}
