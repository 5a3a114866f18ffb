import { useEffect, useRef } from "react";
import { NOTIFICATIONS_STREAM } from "../../schemas/notification-labels.ts";

/** After the server refused the stream (signed out, a restart), try again this much later. */
const RECONNECT_MS = 10_000;

type Handler = (data: string) => void;

/**
 * One server-sent event stream per tab (server/api/notification-stream.ts), shared by everything live on
 * the page — the bell, the Messages link, an open conversation — so a tab holds one connection however
 * many of them listen. EventSource reconnects by itself after a network error; a refused or closed stream
 * is opened again after a pause. It closes when the last listener goes.
 */
const handlers = new Map<string, Set<Handler>>();
/** Told when the stream broke: what it said may be stale until it is open again and says it anew. */
const downHandlers = new Set<() => void>();
/** Whether the stream broke since it last spoke (for a listener that comes later: see `liveStreamDown`). */
let down = false;
/** What each event last said on the open stream: a page shown later starts from it (see `lastLiveData`). */
const last = new Map<string, string>();
let source: EventSource | undefined;
let retry: ReturnType<typeof setTimeout> | undefined;

function dispatch(event: Event) {
  const data = (event as MessageEvent<string>).data;
  down = false;
  last.set(event.type, data);
  for (const handler of handlers.get(event.type) ?? []) handler(data);
}

function connect() {
  source = new EventSource(NOTIFICATIONS_STREAM);
  for (const name of handlers.keys()) source.addEventListener(name, dispatch);
  source.onerror = () => {
    down = true;
    for (const handler of downHandlers) handler();
    if (source?.readyState !== EventSource.CLOSED) return;
    retry = setTimeout(connect, RECONNECT_MS);
  };
}

function listen(event: string, handler: Handler): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
    source?.addEventListener(event, dispatch);
  }
  set.add(handler);
  if (!source && !retry) connect();
  return () => {
    set.delete(handler);
    if (set.size === 0) {
      handlers.delete(event);
      source?.removeEventListener(event, dispatch);
    }
    if (handlers.size === 0) {
      clearTimeout(retry);
      retry = undefined;
      source?.close();
      source = undefined;
      last.clear();
      down = false;
    }
  };
}

/**
 * What the tab's stream last said for this event, if it is open: fresher than the page's loader data when the
 * page was reached by a client-side navigation (the root's loader does not run again for it).
 */
export const lastLiveData = (event: string): string | undefined => last.get(event);

/** Whether the tab's stream is down (broken since it last spoke, retrying): what it last said may be overtaken. */
export const liveStreamDown = (): boolean => down;

/**
 * Calls `handler` when the tab's stream breaks (the network, a restart, a refusal), while the component is
 * shown: what it said last may be overtaken until it reconnects, which says everything anew on connect.
 */
export function useLiveStreamDown(handler: () => void) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const down = () => latest.current();
    downHandlers.add(down);
    return () => {
      downHandlers.delete(down);
    };
  }, []);
}

/** Calls `handler` with each event of this name from the tab's stream, while the component is shown. */
export function useLiveEvent(event: string, handler: Handler) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => listen(event, (data) => latest.current(data)), [event]);
}
