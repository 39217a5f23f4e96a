import net from "node:net";

// A TCP proxy on 127.0.0.1 in front of the database, for outage drills: `cut()` drops
// every open connection and refuses new ones at once (the listening port stays ours),
// `restore()` lets connections through again.

export type TcpProxy = { port: number; cut: () => void; restore: () => void; close: () => Promise<void> };

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let open = true;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  };

  const server = net.createServer((client) => {
    track(client);
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    port: (server.address() as net.AddressInfo).port,
    cut: () => {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    restore: () => {
      open = true;
    },
    close: async () => {
      open = false;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The same connection string, through the proxy. */
export function viaProxy(databaseUrl: string, proxyPort: number): string {
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(proxyPort);
  return url.toString();
}
