import { ArrowLeft, Calendar, User } from "lucide-react";
import { data, isRouteErrorResponse, Link } from "react-router";
import { SiteFooter } from "~/components/site-footer";
import { Badge } from "~/components/ui/badge";
import { getSessionUser } from "~/features/auth/session.server";
import { authorLabel, slugify } from "~/features/blog/blog";
import { BannerImage, BlogContent } from "~/features/blog/blog-content";
import { SLUG_MAX } from "~/features/blog/blog.schema";
import { getPostBySlug } from "~/features/blog/blog.server";
import { enBlog } from "~/features/languages/owner/en-blog";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import { fill } from "~/features/languages/owner/public-words";
import { postDateIn, publicWordsIn } from "~/features/languages/owner/public-words.server";
import { getServices } from "~/utils/services.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { Route } from "./+types/blog-post";

type Words = typeof enBlog.post;

/** What a missing post answers: its screen's words in the member's language (null: English, in the bundle). */
type NotFound = { message: string; words: Words | null };

export async function loader({ request, params }: Route.LoaderArgs) {
  const slug = params.slug;
  const viewer = await getSessionUser(request);
  // A signed-in member reads the page's words and date in their language; the post stays as written.
  const language = ownerLanguageFor(viewer, request.headers.get("accept-language"));
  const words = publicWordsIn("blog", language)?.post ?? null;
  const notFound = () => data<NotFound>({ message: "Blog post not found", words }, { status: 404 });
  // Every stored slug is a slugify() result: anything else cannot name a post.
  if (!slug || slug.length > SLUG_MAX || slug !== slugify(slug)) throw notFound();
  const { db, env } = await getServices();
  // Only published posts are public; admins may preview drafts.
  const post = await getPostBySlug(db, { slug, includeDrafts: Boolean(viewer?.isAdmin) });
  if (!post) throw notFound();
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
      date: postDateIn(language, date),
      dateTime: date.toISOString(),
    },
    words,
  };
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  const words = loaderData.words ?? enBlog.post;
  return (
    <>
      <main className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        <BackToBlog words={words} />
        <article className="mt-6">
          <header>
            {post.isDraft ? (
              <Badge color="yellow" className="mb-3">
                {words.draft}
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
          <h2 className="text-2xl font-bold">{words.cta.title}</h2>
          <p className="mt-2 text-blue-100">{words.cta.text}</p>
          <Link to="/signup" className="mt-6 inline-block rounded-lg bg-white px-6 py-3 font-semibold text-blue-700 hover:bg-blue-50">
            {words.cta.action}
          </Link>
        </aside>
      </main>
      <SiteFooter />
    </>
  );
}

function BackToBlog({ words }: { words: Words }) {
  return (
    <Link to="/blog" className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:text-blue-800">
      <ArrowLeft aria-hidden className="h-4 w-4" /> {words.back}
    </Link>
  );
}

/** A missing post's words, from its 404's data (English when there are none). */
function wordsOf(error: unknown): Words {
  return (isRouteErrorResponse(error) && (error.data as Partial<NotFound> | undefined)?.words) || enBlog.post;
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  if (!loaderData) return [{ title: wordsOf(error).notFound.pageTitle }, { name: "robots", content: "noindex" }];
  const { post, url } = loaderData;
  const words = loaderData.words ?? enBlog.post;
  const description = post.excerpt || fill(words.description, { title: post.title });
  return [
    { title: fill(words.pageTitle, { title: post.title }) },
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
  // A 404 brings its words; any other failure reads English, which the bundle has.
  const words = wordsOf(error);
  const screen = ({ title, message }: { title: string; message: string }) => (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-gray-900">{title}</h1>
      <p className="mt-3 text-gray-600">{message}</p>
      <div className="mt-8">
        <BackToBlog words={words} />
      </div>
    </main>
  );
  return (
    <GeneralErrorBoundary error={error} statusHandlers={{ 404: () => screen(words.notFound) }} unexpectedErrorHandler={() => screen(words.failed)} />
  );
}
