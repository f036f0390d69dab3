import { ArrowRight, Calendar, User } from "lucide-react";
import { Link } from "react-router";
import { PublicPageIntro } from "~/components/page-header";
import { SiteFooter } from "~/components/site-footer";
import { getSessionUser } from "~/features/auth/session.server";
import { authorLabel } from "~/features/blog/blog";
import { listPublishedPosts } from "~/features/blog/blog.server";
import { enBlog } from "~/features/languages/owner/en-blog";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import { fill } from "~/features/languages/owner/public-words";
import { postDateIn, publicWordsIn } from "~/features/languages/owner/public-words.server";
import { getServices } from "~/utils/services.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { Route } from "./+types/blog";

export async function loader({ request }: Route.LoaderArgs) {
  const { db, env } = await getServices();
  // A signed-in member reads the page's words and dates in their language; the posts stay as written.
  const [posts, user] = await Promise.all([listPublishedPosts(db), getSessionUser(request)]);
  const language = ownerLanguageFor(user, request.headers.get("accept-language"));
  return {
    url: `${env.appOrigin}/blog`,
    posts: posts.map((post) => ({
      id: post.id,
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      author: authorLabel(post.authorName),
      date: post.publishedAt ? postDateIn(language, post.publishedAt) : null,
      dateTime: post.publishedAt?.toISOString() ?? null,
    })),
    words: publicWordsIn("blog", language)?.list ?? null,
  };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  const words = loaderData.words ?? enBlog.list;
  return (
    <>
      <main className="mx-auto max-w-4xl px-4 py-12 sm:py-16">
        <BlogIntro words={words} />
        {posts.length === 0 ? (
          <div className="mt-12 rounded-2xl border border-dashed border-gray-300 p-12 text-center">
            <h2 className="text-xl font-semibold text-gray-900">{words.empty}</h2>
            <p className="mt-2 text-gray-600">{words.emptyHint}</p>
          </div>
        ) : (
          <ul className="mt-12 space-y-8">
            {posts.map((post) => (
              <li key={post.id}>
                <article className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
                  <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-500">
                    <span className="inline-flex items-center gap-1">
                      <User aria-hidden className="h-4 w-4" /> {post.author}
                    </span>
                    {post.date ? (
                      <span className="inline-flex items-center gap-1">
                        <Calendar aria-hidden className="h-4 w-4" /> <time dateTime={post.dateTime ?? undefined}>{post.date}</time>
                      </span>
                    ) : null}
                  </div>
                  <h2 className="mt-3 text-2xl font-bold text-gray-900">
                    <Link to={`/blog/${post.slug}`} className="hover:text-blue-700">
                      {post.title}
                    </Link>
                  </h2>
                  {post.excerpt ? <p className="mt-3 text-gray-600">{post.excerpt}</p> : null}
                  <Link
                    to={`/blog/${post.slug}`}
                    className="mt-4 inline-flex items-center gap-1 font-semibold text-blue-700 hover:text-blue-800"
                    aria-label={fill(words.readMoreNamed, { title: post.title })}
                  >
                    {words.readMore} <ArrowRight aria-hidden className="h-4 w-4" />
                  </Link>
                </article>
              </li>
            ))}
          </ul>
        )}
      </main>
      <SiteFooter />
    </>
  );
}

type Words = typeof enBlog.list;

const BlogIntro = ({ words }: { words: Words }) => <PublicPageIntro title={words.title} lead={words.description} />;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const words = loaderData?.words ?? enBlog.list;
  return [
    { title: words.pageTitle },
    { name: "description", content: words.description },
    { property: "og:title", content: words.title },
    { property: "og:description", content: words.description },
    { property: "og:type", content: "website" },
    ...(loaderData ? [{ property: "og:url", content: loaderData.url }] : []),
  ];
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The loader failed, so its words did not come: English, which the bundle has.
  const words = enBlog.list;
  return (
    <GeneralErrorBoundary
      error={error}
      unexpectedErrorHandler={() => (
        <main className="mx-auto max-w-4xl px-4 py-12 sm:py-16">
          <BlogIntro words={words} />
          <div role="alert" className="mt-12 rounded-2xl border border-red-200 bg-red-50 p-8 text-center text-red-700">
            {words.failed}
          </div>
        </main>
      )}
    />
  );
}
