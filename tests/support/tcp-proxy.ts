import net from 'node:net';

/**
 * A TCP proxy in front of a server (PostgreSQL) that a test can cut like a network outage:
 * `blackhole()` stops delivering bytes either way without closing anything (new connections are
 * accepted and left unanswered), as a dead switch or a dropped route would; `restore()` delivers
 * what was held back and forwards again, as TCP's retransmissions do once the network heals.
 * `restore({ lost: true })` heals only for new connections: the old ones stay open and silent for
 * ever, as when a NAT or firewall on the way forgot them. `stop()` takes the server away
 * altogether: every open connection is closed and new ones are refused (as when the database is
 * stopped), until `start()` listens again on the same port.
 */
export class TcpProxy {
  port = 0;
  private server?: net.Server;
  private blackholed = false;
  private readonly sockets = new Set<net.Socket>();
  /** What each side sent while the network was cut, delivered on restore. */
  private held: (() => void)[] = [];
  /** Connections cut for good by `restore({ lost: true })`. */
  private readonly lost = new WeakSet<net.Socket>();

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<this> {
    this.server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }

  /** `url` with its host and port replaced by this proxy's. */
  urlFor(url: string): string {
    const through = new URL(url);
    through.hostname = '127.0.0.1';
    through.port = String(this.port);
    return through.toString();
  }

  blackhole(): void {
    this.blackholed = true;
  }

  restore({ lost = false } = {}): void {
    this.blackholed = false;
    const held = this.held;
    this.held = [];
    if (lost) {
      for (const socket of this.sockets) this.lost.add(socket);
      return;
    }
    for (const deliver of held) deliver();
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  private accept(client: net.Socket) {
    this.track(client);
    const connect = () => {
      if (client.destroyed) return;
      const upstream = net.connect(this.target.port, this.target.host);
      this.track(upstream);
      this.forward(client, upstream);
      this.forward(upstream, client);
    };
    if (this.blackholed) this.held.push(connect);
    else connect();
  }

  private forward(from: net.Socket, to: net.Socket) {
    from.on('data', (chunk) => {
      if (this.lost.has(from)) return;
      const deliver = () => {
        if (!to.destroyed) to.write(chunk);
      };
      if (this.blackholed) this.held.push(deliver);
      else deliver();
    });
    from.on('close', () => to.destroy());
  }

  private track(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => this.sockets.delete(socket));
  }
}
