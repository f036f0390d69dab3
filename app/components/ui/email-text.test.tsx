// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { EmailText } from "./email-text";

afterEach(cleanup);

it("lets a long email wrap only before its @ and its dots, keeping the whole address", () => {
  const { container } = render(<EmailText email="alexandra.konstantinopoulou@example.co.uk" />);
  const span = container.querySelector("[data-email-text]")!;
  expect(span.textContent).toBe("alexandra.konstantinopoulou@example.co.uk");
  const pieces = [...span.childNodes].map((node) => (node.nodeName === "WBR" ? "|" : node.textContent)).join("");
  expect(pieces).toBe("alexandra|.konstantinopoulou|@example|.co|.uk");
});
