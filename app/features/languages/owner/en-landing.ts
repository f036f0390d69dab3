// The landing page, English: the words its bundle carries (the page is signed out, so always
// English today; a member is sent to the dashboard). Spread into the catalogue by en.ts.
// Rules: docs/features/visitor-languages.md ("The owner's screens"); the page loads no i18next
// (docs/performance.md, "First paint").
export const enLanding = {
  pageTitle: "LeadQR · Generate leads 10x faster with QR codes",
  pageDescription: "Create QR-code campaigns with AI-written offers, capture leads and track every scan.",
  title: "Generate Leads 10x Faster with Smart QR Codes",
  lead: "Print a QR code, put it where your customers are, and turn every scan into a lead you can follow up. Built for restaurants, salons, gyms, shops and every small business.",
  startTrial: "Start Free Trial",
  howItWorks: "How It Works",
  step: "Step {{number}}",
  steps: {
    create: { title: "Create QR Campaigns", text: "Describe your offer and let AI write the headline and thank-you message." },
    capture: { title: "Capture Leads", text: "Customers scan, land on a fast branded page and claim your offer." },
    track: { title: "Track Performance", text: "Watch scans, leads and conversion rates update on your dashboard." },
    export: { title: "Export & Manage", text: "Search your leads and export them as CSV whenever you need them." },
  },
  testimonials: {
    title: "Loved by Small Businesses",
    sarah: { quote: "We put the QR code on every table and collected 300 emails in the first month.", role: "Owner, Bella Cucina" },
    marcus: { quote: "Setting up a campaign took five minutes. The AI headline was better than mine.", role: "Manager, Iron Peak Gym" },
    amelia: { quote: "Our walk-in clients now join our mailing list without us asking twice.", role: "Founder, Glow Salon & Spa" },
    daniel: {
      quote: "The dashboard shows exactly which flyers work. We stopped printing the ones that don't.",
      role: "Owner, Kim's Coffee House",
    },
    priya: {
      quote: "Exporting leads to our email tool is one click. That alone saves me an hour a week.",
      role: "Marketing Lead, Urban Threads",
    },
    tom: { quote: "Customers love the instant offer, and we love the repeat business it brings.", role: "Owner, Walsh Auto Repair" },
  },
};
