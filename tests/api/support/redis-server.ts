// A redis-server of a test's own, on a free loopback port, kept in memory only; the tests that use
// one are skipped where redis-server is not installed (.ci/run installs it).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from './server-process';

export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

export interface RedisServer {
  url: string;
  /** Starts it (again, on the same port): answers once it takes connections. */
  start(): Promise<void>;
  /** Stops it, if running. */
  stop(): Promise<void>;
}

export async function redisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      for (let i = 0; i < 100; i++) {
        const up = await new Promise<boolean>((resolve) => {
          const socket = net.connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
          socket.on('error', () => resolve(false));
        });
        if (up) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('redis-server did not start');
    },
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      running.kill();
      await new Promise((resolve) => running.once('exit', resolve));
    },
  };
}
