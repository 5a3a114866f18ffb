import net from "node:net";

/**
 * The first port free on `host` among `count` from E2E_PORT + `offset`, so a spec's own server stays within
 * this run's range (E2E_PORT moves the whole browser-test setup).
 */
export async function freePort(offset: number, count: number, host: string, what: string): Promise<number> {
  const base = Number(process.env.E2E_PORT ?? 3210) + offset;
  for (let port = base; port < base + count; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer().once("error", () => resolve(false));
      probe.listen(port, host, () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port for ${what}`);
}
