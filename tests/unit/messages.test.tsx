import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MessageText } from "../../app/components/message-text.tsx";
import { preview } from "../../core/conversations/write-message.ts";
import { CONVERSATION_MESSAGES as M, messageBodySchema, messagesLabel } from "../../schemas/conversations.ts";

describe("a message's text", () => {
  it("is 1 to 2,000 characters once the spaces around it are gone, counted as people count them", () => {
    const error = (body: unknown) => messageBodySchema.safeParse(body).error?.issues[0]?.message;
    expect(error("")).toBe(M.empty);
    expect(error(" \n\t ")).toBe(M.empty);
    expect(error(undefined)).toBe(M.empty);
    expect(error("x".repeat(2001))).toBe(M.tooLong);
    // An emoji is one character (two UTF-16 units): 2,000 of them fit, as in the database's check.
    expect(messageBodySchema.parse("😀".repeat(2000))).toHaveLength(4000);
    expect(messageBodySchema.parse("  Hello\nthere  ")).toBe("Hello\nthere");
  });

  it("is shown as text: markup stays inert, web addresses become links marked as user content", () => {
    const html = renderToStaticMarkup(
      <MessageText text={"<script>alert(1)</script> see https://example.com/x?a=1&b=2 or javascript:alert(1)"} />,
    );
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain('<a href="https://example.com/x?a=1&amp;b=2" rel="nofollow ugc noopener noreferrer"');
    expect(html).not.toContain('href="javascript:');
  });

  it("previews as one line of its first words", () => {
    expect(preview("Hello\n\n  there")).toBe("Hello there");
    const long = preview("word ".repeat(100));
    expect([...long]).toHaveLength(140);
    expect(long.endsWith("…")).toBe(true);
  });

  it("names the top bar's link with the unread count", () => {
    expect(messagesLabel(0)).toBe("Messages");
    expect(messagesLabel(2)).toBe("Messages, 2 unread");
  });
});
