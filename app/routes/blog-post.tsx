import type { Route } from "./+types/blog-post";
export default function BlogPost() { return <main className="mx-auto max-w-3xl px-4 py-12"><h1 className="text-3xl font-bold">Post Not Found</h1></main>; }
export const meta: Route.MetaFunction = () => [{ title: "Blog · LeadQR" }];
