import net from 'node:net';

/**
 * A TCP relay on a port of its own in front of a server (Redis, PostgreSQL), which a test can
 * cut, as when that server goes away (connections drop, new ones are refused), and open again
 * on the same port, as when it is back.
 */
export class TcpRelay {
  private server: net.Server | null = null;
  private closed: Promise<void> = Promise.resolve();
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Listens (again) on its port, the first time on a free one. */
  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
    this.closed = new Promise((resolve) => server.once('close', () => resolve()));
  }

  /** Stops listening: new connections are refused, open ones carry on. */
  refuseNew(): void {
    this.server?.close();
    this.server = null;
  }

  /** Refuses new connections and drops every open one. */
  async cut(): Promise<void> {
    this.refuseNew();
    for (const s of this.sockets) s.destroy();
    await this.closed;
  }
}
