// The public token request waits out a short rate-limit refusal (429 with a Retry-After of a few
// seconds) and tries again, at most twice; a long wait, another failure or a third refusal reaches
// the session as the error it is.
import type { AxiosInstance } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestPublicToken } from '../../services/auth';

const CREDENTIALS = { clientId: 'c', clientSecret: 's', username: 'u', password: 'p', scope: '' };
const TOKEN = { access_token: 'a', refresh_token: 'r', token_type: 'Bearer' };
const refused = (retryAfter: string) => Object.assign(new Error('429'), { response: { status: 429, headers: { 'retry-after': retryAfter } } });

function httpAnswering(...answers: Array<Error | object>) {
  const post = vi.fn(async () => {
    const answer = answers.shift();
    if (answer instanceof Error) throw answer;
    return { data: answer };
  });
  return { http: { post } as unknown as AxiosInstance, post };
}

afterEach(() => vi.useRealTimers());

describe('requestPublicToken', () => {
  it('waits the Retry-After of a refusal and tries again', async () => {
    vi.useFakeTimers();
    const { http, post } = httpAnswering(refused('2'), TOKEN);
    const token = requestPublicToken(http, CREDENTIALS, null);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(post).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(token).resolves.toEqual({ accessToken: 'a', refreshToken: 'r', tokenType: 'Bearer' });
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('gives up after two waits, and never waits out a long refusal', async () => {
    vi.useFakeTimers();
    const three = httpAnswering(refused('1'), refused('1'), refused('1'), TOKEN);
    const failing = expect(requestPublicToken(three.http, CREDENTIALS, null)).rejects.toThrow('429');
    await vi.advanceTimersByTimeAsync(2_000);
    await failing;
    expect(three.post).toHaveBeenCalledTimes(3);

    const long = httpAnswering(refused('60'), TOKEN);
    await expect(requestPublicToken(long.http, CREDENTIALS, null)).rejects.toThrow('429');
    expect(long.post).toHaveBeenCalledTimes(1);
  });

  it('does not retry any other failure', async () => {
    const { http, post } = httpAnswering(Object.assign(new Error('500'), { response: { status: 500, headers: {} } }), TOKEN);
    await expect(requestPublicToken(http, CREDENTIALS, null)).rejects.toThrow('500');
    expect(post).toHaveBeenCalledTimes(1);
  });
});
