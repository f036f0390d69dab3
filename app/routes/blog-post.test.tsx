// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { publicWordsIn } from "~/features/languages/owner/public-words.server";
import * as blogPost from "./blog-post";

afterEach(cleanup);

/** The post page whose loader answered 404 with the words it sends (null: English). */
function missingPost(words: ReturnType<typeof publicWordsIn<"blog">>) {
  const Stub = createRoutesStub([
    {
      path: "/blog/:slug",
      Component: blogPost.default as never,
      ErrorBoundary: blogPost.ErrorBoundary as never,
      loader: () => {
        throw data({ message: "Blog post not found", words: words?.post ?? null }, { status: 404 });
      },
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={["/blog/nothing-here"]} />);
}

describe("a missing blog post", () => {
  it("says so in a signed-in member's language, with the way back to the blog", async () => {
    missingPost(publicWordsIn("blog", "de"));
    expect(await screen.findByRole("heading", { level: 1, name: "Beitrag nicht gefunden" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Zurück zum Blog" }).getAttribute("href")).toBe("/blog");
  });

  it("says so in English signed out", async () => {
    missingPost(null);
    expect(await screen.findByRole("heading", { level: 1, name: "Post Not Found" })).toBeTruthy();
    expect(screen.getByText("The blog post you're looking for doesn't exist.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Blog" })).toBeTruthy();
  });
});
