import type { Route } from "./+types/blog";
export default function Blog() { return <main className="mx-auto max-w-4xl px-4 py-12"><h1 className="text-3xl font-bold">Blog</h1></main>; }
export const meta: Route.MetaFunction = () => [{ title: "Blog · LeadQR" }];
