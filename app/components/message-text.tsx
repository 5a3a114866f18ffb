const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/**
 * A message as plain text: React writes it as text (never HTML), line breaks kept; web addresses become
 * links marked as user content, which search engines do not follow and which cannot reach back to this page.
 */
export function MessageText({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <a key={start} href={match[0]} rel="nofollow ugc noopener noreferrer" target="_blank" className="link break-all">
        {match[0]}
      </a>,
    );
    at = start + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <p className="whitespace-pre-line break-words">{parts}</p>;
}
