import net from "node:net";

/** A loopback port nobody listens on right now. */
export function freePort() {
  return new Promise<number>((resolve) => {
    const listener = net.createServer();
    listener.listen(0, "127.0.0.1", () => {
      const { port } = listener.address() as net.AddressInfo;
      listener.close(() => resolve(port));
    });
  });
}

/** Polls until the check holds, or fails after the timeout. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
