// @vitest-environment happy-dom
// The admin area speaks the admin's language (docs/features/visitor-languages.md, "The owner's
// screens"): its words, dates and numbers; a blog post's own words stay the author's.
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderRoute } from "../../tests/support/render-route";
import * as adminDashboard from "./admin";
import * as adminBlog from "./admin.blog";
import * as newPost from "./admin.blog-new";
import * as adminSubscriptions from "./admin.subscriptions";
import * as adminUsers from "./admin.users";
// The server's module holds every owner catalogue, as on the server render.
import "~/features/languages/owner/owner-language.server";

afterEach(cleanup);

const STATS = { users: 1234, newUsers: 5, campaigns: 7, newCampaigns: 2, leads: 40, blogPosts: 3, subscriptions: 1 };
const USERS = {
  q: "",
  role: "all",
  page: 1,
  total: 2,
  currentUserId: "u1",
  users: [
    { id: "u1", email: "boss@example.com", role: "admin", isConfiguredAdmin: false, plan: "Pro", createdAt: "2026-11-22T10:00:00.000Z" },
    { id: "u2", email: "baker@example.com", role: "user", isConfiguredAdmin: false, plan: "Free", createdAt: "2026-01-05T10:00:00.000Z" },
  ],
};

describe("the admin area in the admin's language", () => {
  it("shows the dashboard in German, its figures in German forms", async () => {
    await renderRoute(adminDashboard, { path: "/admin", loaderData: { stats: STATS }, ownerLanguage: "de" });
    expect(screen.getByRole("heading", { level: 1, name: "Verwaltungsübersicht" })).toBeTruthy();
    const stats = screen.getByRole("region", { name: "Statistiken" });
    expect(within(stats).getByText("Benutzer gesamt")).toBeTruthy();
    expect(within(stats).getByText("1.234")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Benutzerverwaltung/ }).getAttribute("href")).toBe("/admin/users");
  });

  it("lists users in German: headings, roles, dates, paging and the role control", async () => {
    await renderRoute(adminUsers, { path: "/admin/users", loaderData: USERS, ownerLanguage: "de" });
    expect(screen.getByRole("heading", { level: 1, name: "Benutzerverwaltung" })).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "Registriert" })).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "Rolle ändern" })).toBeTruthy();
    expect(screen.getByText("(Sie)")).toBeTruthy();
    expect(screen.getByText("22. November 2026")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Rolle von baker@example.com ändern" })).toBeTruthy();
    expect(screen.getByText("2 Benutzer · Seite 1 von 1")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Verwaltungsübersicht/ })).toBeTruthy();
    // The role control still posts the stored values.
    const select = screen.getByLabelText("Rolle für baker@example.com") as HTMLSelectElement;
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ["user", "Benutzer"],
      ["admin", "Administrator"],
    ]);
  });

  it("keeps English exactly as the spec words it", async () => {
    await renderRoute(adminUsers, { path: "/admin/users", loaderData: USERS });
    expect(screen.getByRole("heading", { level: 1, name: "User Management" })).toBeTruthy();
    expect(screen.getByText("November 22, 2026")).toBeTruthy();
    expect(screen.getByText("2 users · Page 1 of 1")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Update role of baker@example.com" })).toBeTruthy();
  });

  it("explains the plans in German, the plan names staying as they are", async () => {
    const loaderData = {
      q: "",
      status: "all",
      page: 1,
      total: 1,
      rows: [
        {
          userId: "u2",
          email: "baker@example.com",
          plan: "Free",
          grant: "free",
          status: "canceled",
          stripeCustomerId: "cus_1",
          subscribedAt: "2026-03-01T00:00:00.000Z",
        },
      ],
    };
    await renderRoute(adminSubscriptions, { path: "/admin/subscriptions", loaderData, ownerLanguage: "de" });
    expect(screen.getByRole("heading", { name: "Die Tarife" })).toBeTruthy();
    expect(screen.getByText(/1 Kampagne, 5 Scans pro Kampagne/)).toBeTruthy();
    expect(screen.getAllByText("gekündigt").length).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: "Tarif für baker@example.com speichern" })).toBeTruthy();
  });

  it("lists posts in German while a post's title stays the author's", async () => {
    const loaderData = {
      q: "",
      status: "all",
      page: 1,
      total: 1,
      notice: "saved",
      confirmDelete: null,
      posts: [
        {
          id: "p1",
          title: "How to grow your list",
          slug: "how-to-grow-your-list",
          published: false,
          authorEmail: null,
          createdAt: "2026-11-01T00:00:00.000Z",
          publishedAt: null,
        },
      ],
    };
    await renderRoute(adminBlog, { path: "/admin/blog", loaderData, ownerLanguage: "de" });
    expect(screen.getByRole("status").textContent).toBe("Beitrag gespeichert.");
    expect(screen.getByText("How to grow your list")).toBeTruthy();
    expect(screen.getByText("Entwurf")).toBeTruthy();
    expect(screen.getByText("LeadQR-Team")).toBeTruthy();
    expect(screen.getByRole("button", { name: "How to grow your list veröffentlichen" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /Neuer Beitrag/ })).toBeTruthy();
  });

  it("shows the post editor in German", async () => {
    await renderRoute(newPost, { path: "/admin/blog/new", ownerLanguage: "de" });
    expect(screen.getByRole("heading", { level: 1, name: "Neuer Blogbeitrag" })).toBeTruthy();
    expect(screen.getByLabelText(/^Titel/)).toBeTruthy();
    expect(screen.getByText("Sofort veröffentlichen")).toBeTruthy();
    expect(screen.getByText("PNG, JPG, WebP oder GIF bis 5MB. Ein Upload ersetzt die URL unten.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Beitrag erstellen" })).toBeTruthy();
  });
});
