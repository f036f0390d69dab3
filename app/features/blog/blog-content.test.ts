import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BlogContent } from "./blog-content";

const render = (content: string) => renderToStaticMarkup(createElement(BlogContent, { content }));

describe("BlogContent", () => {
  it("renders headings, grouped bullets and paragraphs as elements", () => {
    const html = render("## Why QR\n### Quick wins\n* Print it\n* Share it\nThat is all.");
    expect(html).toContain("<h2");
    expect(html).toMatch(/<h2[^>]*>Why QR<\/h2>/);
    expect(html).toMatch(/<h3[^>]*>Quick wins<\/h3>/);
    expect(html.match(/<ul/g)).toHaveLength(1);
    expect(html).toMatch(/<li>Print it<\/li><li>Share it<\/li>/);
    expect(html).toMatch(/<p>That is all.<\/p>/);
  });

  it("shows markup and script as text, never as HTML", () => {
    const html = render(`<script>alert("x")</script>\n## <img src=x onerror=alert(1)>`);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });
});
