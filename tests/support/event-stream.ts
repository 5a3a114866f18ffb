/**
 * A server-sent event stream read one event at a time: `next()` waits for the next `event` of that name and
 * gives its data, parsed as JSON.
 */
export function eventsOf<T>(res: Response, event: string): () => Promise<T> {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const pattern = new RegExp(`event: ${event}\\ndata: (.+)\\n\\n`);
  let buffered = "";
  return async function next(): Promise<T> {
    for (;;) {
      const match = pattern.exec(buffered);
      if (match?.[1]) {
        buffered = buffered.slice(match.index + match[0].length);
        return JSON.parse(match[1]) as T;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error("the stream ended");
      buffered += decoder.decode(value, { stream: true });
    }
  };
}
