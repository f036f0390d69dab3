/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { BarChart3, Download, QrCode, Users } from "lucide-react";
import { Link } from "react-router";
import { requireAnonymous } from "~/features/auth/session.server";
import { SiteFooter } from "~/components/site-footer";
import { WatchDemo } from "~/features/capture/watch-demo";
import type { Route } from "./+types/home";

// The landing page works without JavaScript: its scripts wait for the first paint (docs/performance.md).
export const handle = { scriptsAfterFirstPaint: true };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  return null;
}

const STEPS = [
  { icon: QrCode, title: "Create QR Campaigns", text: "Describe your offer and let AI write the headline and thank-you message." },
  { icon: Users, title: "Capture Leads", text: "Customers scan, land on a fast branded page and claim your offer." },
  { icon: BarChart3, title: "Track Performance", text: "Watch scans, leads and conversion rates update on your dashboard." },
  { icon: Download, title: "Export & Manage", text: "Search your leads and export them as CSV whenever you need them." },
];

type Testimonial = { quote: string; name: string; role: string; imageUrl: string };

const TESTIMONIALS: Testimonial[] = [
  {
    quote: "We put the QR code on every table and collected 300 emails in the first month.",
    name: "Sarah Johnson",
    role: "Owner, Bella Cucina",
    imageUrl: "/avatars/1.svg",
  },
  {
    quote: "Setting up a campaign took five minutes. The AI headline was better than mine.",
    name: "Marcus Reed",
    role: "Manager, Iron Peak Gym",
    imageUrl: "/avatars/2.svg",
  },
  {
    quote: "Our walk-in clients now join our mailing list without us asking twice.",
    name: "Amelia Lopez",
    role: "Founder, Glow Salon & Spa",
    imageUrl: "/avatars/3.svg",
  },
  {
    quote: "The dashboard shows exactly which flyers work. We stopped printing the ones that don't.",
    name: "Daniel Kim",
    role: "Owner, Kim's Coffee House",
    imageUrl: "/avatars/4.svg",
  },
  {
    quote: "Exporting leads to our email tool is one click. That alone saves me an hour a week.",
    name: "Priya Nair",
    role: "Marketing Lead, Urban Threads",
    imageUrl: "/avatars/5.svg",
  },
  {
    quote: "Customers love the instant offer, and we love the repeat business it brings.",
    name: "Tom Walsh",
    role: "Owner, Walsh Auto Repair",
    imageUrl: "/avatars/6.svg",
  },
];

export default function Home() {
  return (
    <>
      <main>
        <section className="bg-gradient-to-br from-blue-700 to-blue-500 px-4 py-20 text-white sm:py-28">
          <div className="mx-auto max-w-4xl text-center">
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">Generate Leads 10x Faster with Smart QR Codes</h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-blue-100">
              Print a QR code, put it where your customers are, and turn every scan into a lead you can follow up. Built for restaurants, salons,
              gyms, shops and every small business.
            </p>
            <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
              <Link to="/signup" className="rounded-lg bg-white px-6 py-3 font-semibold text-blue-700 shadow hover:bg-blue-50">
                Start Free Trial
              </Link>
              <WatchDemo className="rounded-lg border border-white/70 px-6 py-3 font-semibold text-white hover:bg-white/10" />
            </div>
          </div>
        </section>

        <section aria-labelledby="how-it-works" className="px-4 py-20">
          <div className="mx-auto max-w-6xl">
            <h2 id="how-it-works" className="text-center text-3xl font-bold text-gray-900">
              How It Works
            </h2>
            <ol className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
              {STEPS.map((step, index) => (
                <li key={step.title} className="rounded-xl border border-gray-200 bg-white p-6 text-center shadow-sm">
                  <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-blue-100 text-blue-700">
                    <step.icon aria-hidden className="h-6 w-6" />
                  </span>
                  <p className="mt-4 text-sm font-semibold text-blue-700">Step {index + 1}</p>
                  <h3 className="mt-1 text-lg font-semibold text-gray-900">{step.title}</h3>
                  <p className="mt-2 text-sm text-gray-600">{step.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="testimonials" className="bg-white px-4 py-20">
          <div className="mx-auto max-w-6xl">
            <h2 id="testimonials" className="text-center text-3xl font-bold text-gray-900">
              Loved by Small Businesses
            </h2>
            <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {TESTIMONIALS.map((testimonial) => (
                <li key={testimonial.name} className="flex flex-col rounded-xl border border-gray-200 bg-gray-50 p-6">
                  <blockquote className="flex-1 text-gray-700">“{testimonial.quote}”</blockquote>
                  <div className="mt-6 flex items-center gap-3">
                    <img src={testimonial.imageUrl} alt="" width={44} height={44} className="h-11 w-11 rounded-full" loading="lazy" />
                    <div>
                      <p className="font-semibold text-gray-900">{testimonial.name}</p>
                      <p className="text-sm text-gray-500">{testimonial.role}</p>
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

export const meta: Route.MetaFunction = () => [
  { title: "LeadQR · Generate leads 10x faster with QR codes" },
  { name: "description", content: "Create QR-code campaigns with AI-written offers, capture leads and track every scan." },
];
