// With REDIS_URL, two instances count one limit together: what one refuses, the other refuses too.
// While Redis is unreachable each instance counts in its own memory and says so once in its log;
// once Redis is back they count together again. Runs when redis-server is installed (.ci/run
// installs it); each run starts its own, kept in memory only.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../server/config';
import { REDIS_BACK_MESSAGE, REDIS_DOWN_MESSAGE } from '../../server/redis-fallback';
import { redisServer, hasRedisServer, type RedisServer } from './support/redis-server';
import { callApi, startTestServer, type TestServer } from './support/test-server';

const limited = (config: ServerConfig): ServerConfig => ({
  ...config,
  limits: {
    ...config.limits,
    routes: { ...config.limits.routes, token: { max: 4, windowSeconds: 30 } },
    signIn: { ...config.limits.signIn, user: { delayAfter: 2, lockAfter: 3 }, firstDelaySeconds: 30, lockSeconds: 30 },
  },
});

/** A server's log, as the lines written so far. */
function logLines() {
  const stream = new PassThrough();
  const lines: Array<{ level: number; msg: string }> = [];
  let rest = '';
  stream.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString('utf8')).split('\n');
    rest = parts.pop()!;
    for (const part of parts) if (part) lines.push(JSON.parse(part));
  });
  return { stream, said: (msg: string) => lines.filter((line) => line.msg === msg) };
}

async function until(condition: () => boolean, what: string) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(!hasRedisServer)('limits shared through Redis', () => {
  let redis: RedisServer;
  let first: TestServer;
  let second: TestServer;
  const firstLog = logLines();
  const secondLog = logLines();

  beforeAll(async () => {
    redis = await redisServer();
    await redis.start();
    const env = { RATE_LIMIT: 'on', REDIS_URL: redis.url, LOG_LEVEL: 'info' };
    first = await startTestServer(env, limited, undefined, firstLog.stream);
    second = await startTestServer(env, limited, undefined, secondLog.stream);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await redis?.stop();
  });

  const token = (server: TestServer) =>
    callApi(server, 'POST', '/oauth/token', { grant_type: 'password', client_id: 2, client_secret: 'solicitud-online', username: 'solicitante', password: 'solicitante' }, null);

  it('counts the token limit across both instances', async () => {
    expect((await token(first)).status).toBe(200);
    expect((await token(second)).status).toBe(200);
    expect((await token(first)).status).toBe(200);
    expect((await token(second)).status).toBe(200);
    const refused = await token(first);
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toMatch(/^Demasiadas solicitudes\. Espera \d+ segundos e intenta de nuevo\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await token(second)).status).toBe(429);
  });

  it('locks a staff user out on both instances after failures spread over them', async () => {
    const signIn = (server: TestServer, password: string) =>
      fetch(`${server.url}/staff/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: 'demo', password, next: '/' }).toString(),
      });
    expect((await signIn(first, 'mal')).status).toBe(401);
    expect((await signIn(second, 'mal')).status).toBe(401);
    const waiting = await signIn(first, 'demo1234');
    expect(waiting.status).toBe(429);
    expect(await waiting.text()).toContain('Demasiados intentos fallidos');
    expect((await signIn(second, 'demo1234')).status).toBe(429);
  });

  const signIn = (server: TestServer, username: string, password: string) =>
    fetch(`${server.url}/staff/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password, next: '/' }).toString(),
    });

  it('counts in memory on each instance while Redis is unreachable, says so once, and shares again once Redis is back', async () => {
    expect(firstLog.said(REDIS_DOWN_MESSAGE)).toEqual([]);
    await redis.stop();
    await until(() => firstLog.said(REDIS_DOWN_MESSAGE).length > 0 && secondLog.said(REDIS_DOWN_MESSAGE).length > 0, 'the outage in the log');

    // The token limit (4 in 30 s), counted by `first` alone: its fifth is refused, `second` has seen none.
    for (let i = 0; i < 4; i++) expect((await token(first)).status).toBe(200);
    expect((await token(first)).status).toBe(429);
    expect((await token(second)).status).toBe(200);
    // The sign-in guard too: the demo account, locked in Redis, is not in this memory; a wrong password twice delays the third try.
    expect((await signIn(second, 'demo', 'demo1234')).status).toBe(303);
    expect((await signIn(second, 'otra', 'mal')).status).toBe(401);
    expect((await signIn(second, 'otra', 'mal')).status).toBe(401);
    expect((await signIn(second, 'otra', 'mal')).status).toBe(429);
    expect((await signIn(first, 'otra', 'mal')).status).toBe(401);
    // Said once per instance, however many reconnections failed meanwhile.
    const [said] = firstLog.said(REDIS_DOWN_MESSAGE);
    expect(said.level).toBe(40);
    expect(firstLog.said(REDIS_DOWN_MESSAGE)).toHaveLength(1);
    expect(secondLog.said(REDIS_DOWN_MESSAGE)).toHaveLength(1);

    await redis.start();
    await until(() => firstLog.said(REDIS_BACK_MESSAGE).length > 0 && secondLog.said(REDIS_BACK_MESSAGE).length > 0, 'the return in the log');
    // The restarted Redis is empty: the count starts again, shared.
    expect((await token(second)).status).toBe(200);
    expect((await token(first)).status).toBe(200);
    expect((await token(second)).status).toBe(200);
    expect((await token(first)).status).toBe(200);
    expect((await token(second)).status).toBe(429);
    expect((await token(first)).status).toBe(429);
  });
});
