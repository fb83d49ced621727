import net from 'node:net';

/** True when nothing listens on host:port. */
export function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** Polls a URL until it answers with any HTTP status. */
export async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      if (Date.now() > deadline)
        throw new Error(`${url} did not come up within ${Math.round(timeoutMs / 1000)} s`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}
