// Placeholder until its feature lands: answers 404.
export const loader = () => new Response("Not found", { status: 404 });
export const action = () => new Response("Not found", { status: 404 });
