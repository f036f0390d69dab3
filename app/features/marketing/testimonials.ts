export type Testimonial = { quote: string; name: string; role: string; imageUrl: string };

export const TESTIMONIALS: Testimonial[] = [
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
