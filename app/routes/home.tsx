import { BarChart3, Download, QrCode, Users } from "lucide-react";
import { Link } from "react-router";
import { requireAnonymous } from "~/features/auth/session.server";
import { SiteFooter } from "~/components/site-footer";
import { WatchDemo } from "~/features/capture/watch-demo";
import { enLanding } from "~/features/languages/owner/en-landing";
import { fill } from "~/features/languages/owner/public-words";
import type { Route } from "./+types/home";

// The landing page works without JavaScript: its scripts wait for the first paint (docs/performance.md).
export const handle = { scriptsAfterFirstPaint: true };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  return null;
}

// Signed out only (a member goes to the dashboard), so always English: `ownerLanguageFor` without a
// user. Its words are the catalogue's English part, bundled, with no i18next (docs/performance.md, "First paint").
const words = enLanding;

const STEPS = [
  { icon: QrCode, key: "create" },
  { icon: Users, key: "capture" },
  { icon: BarChart3, key: "track" },
  { icon: Download, key: "export" },
] as const;

type Testimonial = { key: keyof Omit<typeof words.testimonials, "title">; name: string; imageUrl: string };

const TESTIMONIALS: Testimonial[] = [
  { key: "sarah", name: "Sarah Johnson", imageUrl: "/avatars/1.svg" },
  { key: "marcus", name: "Marcus Reed", imageUrl: "/avatars/2.svg" },
  { key: "amelia", name: "Amelia Lopez", imageUrl: "/avatars/3.svg" },
  { key: "daniel", name: "Daniel Kim", imageUrl: "/avatars/4.svg" },
  { key: "priya", name: "Priya Nair", imageUrl: "/avatars/5.svg" },
  { key: "tom", name: "Tom Walsh", imageUrl: "/avatars/6.svg" },
];

export default function Home() {
  return (
    <>
      <main>
        <section className="bg-gradient-to-br from-blue-700 to-blue-500 px-4 py-20 text-white sm:py-28">
          <div className="mx-auto max-w-4xl text-center">
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">{words.title}</h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-blue-100">{words.lead}</p>
            <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
              <Link to="/signup" className="rounded-lg bg-white px-6 py-3 font-semibold text-blue-700 shadow hover:bg-blue-50">
                {words.startTrial}
              </Link>
              <WatchDemo className="rounded-lg border border-white/70 px-6 py-3 font-semibold text-white hover:bg-white/10" />
            </div>
          </div>
        </section>

        <section aria-labelledby="how-it-works" className="px-4 py-20">
          <div className="mx-auto max-w-6xl">
            <h2 id="how-it-works" className="text-center text-3xl font-bold text-gray-900">
              {words.howItWorks}
            </h2>
            <ol className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
              {STEPS.map((step, index) => (
                <li key={step.key} className="rounded-xl border border-gray-200 bg-white p-6 text-center shadow-sm">
                  <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-blue-100 text-blue-700">
                    <step.icon aria-hidden className="h-6 w-6" />
                  </span>
                  <p className="mt-4 text-sm font-semibold text-blue-700">{fill(words.step, { number: index + 1 })}</p>
                  <h3 className="mt-1 text-lg font-semibold text-gray-900">{words.steps[step.key].title}</h3>
                  <p className="mt-2 text-sm text-gray-600">{words.steps[step.key].text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="testimonials" className="bg-white px-4 py-20">
          <div className="mx-auto max-w-6xl">
            <h2 id="testimonials" className="text-center text-3xl font-bold text-gray-900">
              {words.testimonials.title}
            </h2>
            <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {TESTIMONIALS.map((testimonial) => (
                <li key={testimonial.name} className="flex flex-col rounded-xl border border-gray-200 bg-gray-50 p-6">
                  <blockquote className="flex-1 text-gray-700">“{words.testimonials[testimonial.key].quote}”</blockquote>
                  <div className="mt-6 flex items-center gap-3">
                    <img src={testimonial.imageUrl} alt="" width={44} height={44} className="h-11 w-11 rounded-full" loading="lazy" />
                    <div>
                      <p className="font-semibold text-gray-900">{testimonial.name}</p>
                      <p className="text-sm text-gray-500">{words.testimonials[testimonial.key].role}</p>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: words.pageTitle }, { name: "description", content: words.pageDescription }];
