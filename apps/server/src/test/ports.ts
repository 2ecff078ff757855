import net from 'node:net';

/**
 * A TCP port nothing listens on now: the kernel's pick, released at once. A random number could
 * be the local port of a connection already open (a browser's), and a server would not start.
 * @example const port = await freePort();
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
