/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { ArrowRight, Calendar, User } from "lucide-react";
import { Link } from "react-router";
import { PublicPageIntro } from "~/components/page-header";
import { SiteFooter } from "~/components/site-footer";
import { authorLabel, formatPostDate } from "~/features/blog/blog";
import { listPublishedPosts } from "~/features/blog/blog.server";
import { getServices } from "~/utils/services.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { Route } from "./+types/blog";

export async function loader() {
  const { db, env } = await getServices();
  const posts = await listPublishedPosts(db);
  return {
    url: `${env.appOrigin}/blog`,
    posts: posts.map((post) => ({
      id: post.id,
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      author: authorLabel(post.authorName),
      date: post.publishedAt ? formatPostDate(post.publishedAt) : null,
      dateTime: post.publishedAt?.toISOString() ?? null,
    })),
  };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  return (
    <>
      <main className="mx-auto max-w-4xl px-4 py-12 sm:py-16">
        <BlogIntro />
        {posts.length === 0 ? (
          <div className="mt-12 rounded-2xl border border-dashed border-gray-300 p-12 text-center">
            <h2 className="text-xl font-semibold text-gray-900">No blog posts yet</h2>
            <p className="mt-2 text-gray-600">Check back soon for insights and tips!</p>
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
                    aria-label={`Read more: ${post.title}`}
                  >
                    Read more <ArrowRight aria-hidden className="h-4 w-4" />
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

const DESCRIPTION = "Insights, tips and strategies for turning QR code scans into customers.";

const BlogIntro = () => <PublicPageIntro title="LeadQR Blog" lead={DESCRIPTION} />;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: "Blog · LeadQR" },
  { name: "description", content: DESCRIPTION },
  { property: "og:title", content: "LeadQR Blog" },
  { property: "og:description", content: DESCRIPTION },
  { property: "og:type", content: "website" },
  ...(loaderData ? [{ property: "og:url", content: loaderData.url }] : []),
];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      error={error}
      unexpectedErrorHandler={() => (
        <main className="mx-auto max-w-4xl px-4 py-12 sm:py-16">
          <BlogIntro />
          <div role="alert" className="mt-12 rounded-2xl border border-red-200 bg-red-50 p-8 text-center text-red-700">
            Failed to load blog posts
          </div>
        </main>
      )}
    />
  );
}
