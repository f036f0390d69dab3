// Renders one route module's component in a memory router (createRoutesStub) with the loader
// payload a test gives, and the action answer it gives, as the screen would show them.
import { render, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";

type RouteModule = { default: ComponentType<never> };

export async function renderRoute(module: RouteModule, options: { path: string; url?: string; loaderData?: unknown; actionData?: unknown }) {
  const Stub = createRoutesStub([
    {
      path: options.path,
      Component: module.default as ComponentType,
      loader: () => options.loaderData ?? null,
      action: () => options.actionData ?? null,
      HydrateFallback: () => null,
    },
  ]);
  const view = render(<Stub initialEntries={[options.url ?? options.path]} />);
  // The loader resolves asynchronously: wait for the route's first landmark.
  await screen.findByRole("main");
  return view;
}
