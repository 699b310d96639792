// The demo staff account's bearer token on a bench server: the sign-in page's cookie, then GET /api/me.
export async function staffAuthorization(base: string, username = 'demo', password = 'demo1234'): Promise<string> {
  const login = await fetch(`${base}/staff/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password, next: '/' }).toString(),
  });
  if (login.status !== 303) throw new Error(`staff sign-in: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const me = await fetch(`${base}/api/me`, { headers: { cookie } });
  if (me.status !== 200) throw new Error(`GET /api/me: ${me.status}`);
  return `Bearer ${(await me.json()).data.token}`;
}

/** Median and p99 of a list of milliseconds. */
export function percentiles(ms: number[]): { p50: number; p99: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p99: at(0.99) };
}

/** Sends `count` requests one after another and answers their latencies in ms. */
export async function timeSequential(count: number, send: (i: number) => Promise<Response>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await send(i);
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`request ${i}: ${response.status}`);
  }
  return times;
}
