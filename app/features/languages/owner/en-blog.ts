// The blog's pages around the posts, English: the words their bundle carries; a signed-in
// member's translation comes with the page's data (public-words.server.ts). A post's own text is
// its author's and is not translated. Spread into the catalogue by en.ts.
// Rules: docs/features/visitor-languages.md ("The owner's screens"); the pages load no i18next
// (docs/performance.md, "First paint").
export const enBlog = {
  list: {
    pageTitle: "Blog · LeadQR",
    title: "LeadQR Blog",
    description: "Insights, tips and strategies for turning QR code scans into customers.",
    empty: "No blog posts yet",
    emptyHint: "Check back soon for insights and tips!",
    readMore: "Read more",
    readMoreNamed: "Read more: {{title}}",
    failed: "Failed to load blog posts",
  },
  post: {
    pageTitle: "{{title}} · LeadQR Blog",
    description: "{{title}}, on the LeadQR blog.",
    draft: "Draft",
    back: "Back to Blog",
    cta: {
      title: "Ready to 10x Your Lead Generation?",
      text: "Create your first QR campaign in minutes. No credit card required.",
      action: "Start Free Trial",
    },
    notFound: { pageTitle: "Post Not Found · LeadQR", title: "Post Not Found", message: "The blog post you're looking for doesn't exist." },
    failed: { title: "Something went wrong", message: "The blog post could not be loaded. Please try again." },
  },
};
