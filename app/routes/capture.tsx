import type { Route } from "./+types/capture";
export default function Capture() { return <main><h1>Campaign Loading Error: Campaign Not Found</h1></main>; }
export const meta: Route.MetaFunction = () => [{ title: "LeadQR" }];
