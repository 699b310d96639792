// A TCP proxy between the server and PostgreSQL that a test can take down and bring back, so an
// outage of the database is made without stopping the machine's PostgreSQL (others use it).
// Down, it resets every connection it carries and every new one at once, as a stopped server's
// port does; silent, it keeps the connections open but passes nothing, as a network that loses
// every packet does (brought back from silence, it resets the connections whose bytes it dropped).
import net from 'node:net';

export type ProxyMode = 'up' | 'down' | 'silent';

export interface OutageProxy {
  port: number;
  /** Connections accepted so far. */
  accepted(): number;
  set(mode: ProxyMode): void;
  close(): Promise<void>;
}

export async function startOutageProxy(targetHost: string, targetPort: number): Promise<OutageProxy> {
  let mode: ProxyMode = 'up';
  let count = 0;
  const pairs = new Set<[net.Socket, net.Socket]>();
  const reset = (socket: net.Socket) => (socket.destroyed ? undefined : socket.resetAndDestroy());
  const server = net.createServer((client) => {
    count++;
    if (mode === 'down') return reset(client);
    const upstream = net.connect(targetPort, targetHost);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const forget = () => {
      pairs.delete(pair);
      reset(client);
      reset(upstream);
    };
    client.on('error', forget).on('close', forget);
    upstream.on('error', forget).on('close', forget);
    // Bytes pass only while the proxy is up; silent, they are dropped.
    client.on('data', (chunk) => mode === 'up' && upstream.write(chunk));
    upstream.on('data', (chunk) => mode === 'up' && client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    accepted: () => count,
    set(next) {
      // Down ends every connection; so does the end of a silence (what it swallowed broke their streams).
      const ending = next === 'down' || mode === 'silent';
      mode = next;
      if (ending) for (const [client, upstream] of pairs) (reset(client), reset(upstream));
    },
    close() {
      for (const [client, upstream] of pairs) (reset(client), reset(upstream));
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
