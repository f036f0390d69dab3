import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  route("healthz", "routes/healthz.ts"),
  route("signout", "routes/signout.ts"),
  route("capture/:campaignId", "routes/capture.tsx"),
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("signin", "routes/signin.tsx"),
    route("signup", "routes/signup.tsx"),
    route("pricing", "routes/pricing.tsx"),
    route("blog", "routes/blog.tsx"),
    route("blog/:slug", "routes/blog-post.tsx"),
    route("dashboard", "routes/dashboard.tsx"),
    route("campaigns", "routes/campaigns.tsx"),
    route("leads", "routes/leads.tsx"),
    route("settings", "routes/settings.tsx"),
    route("admin", "routes/admin.tsx"),
    route("admin/users", "routes/admin.users.tsx"),
    route("admin/blog", "routes/admin.blog.tsx"),
    route("admin/subscriptions", "routes/admin.subscriptions.tsx"),
    route("admin/campaigns", "routes/admin.campaigns.tsx"),
    route("admin/leads", "routes/admin.leads.tsx"),
  ]),
  route("*", "routes/unknown-path.ts"),
] satisfies RouteConfig;
