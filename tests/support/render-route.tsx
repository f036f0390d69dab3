// Renders one route module's component in a memory router (createRoutesStub) with the loader
// payload a test gives, and the action answer it gives, as the screen would show them.
import { render, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import type { Language } from "~/features/languages/languages";
import { OwnerLanguageContext } from "~/features/languages/owner/owner-language-context";

type RouteModule = { default: ComponentType<never> };

/** `ownerLanguage`: the signed-in layout's language (English without it); its catalogue must be loaded (owner-language.server). */
export async function renderRoute(
  module: RouteModule,
  options: { path: string; url?: string; loaderData?: unknown; actionData?: unknown; ownerLanguage?: Language },
) {
  const Screen = module.default as ComponentType<object>;
  const Stub = createRoutesStub([
    {
      path: options.path,
      Component: (props: object) => (
        <OwnerLanguageContext.Provider value={options.ownerLanguage ?? "en"}>
          <Screen {...props} />
        </OwnerLanguageContext.Provider>
      ),
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
