// TOKEN_RATE_LIMIT: the public tokens an address may ask for a minute, 60 unless an operator whose
// applicants share one address raises it; the other limits stay as they are.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { DEFAULT_LIMITS } from '../../server/limit-settings';

describe('TOKEN_RATE_LIMIT', () => {
  it('is 60 a minute by default, and raised by the variable alone', () => {
    expect(loadConfig({}).limits.routes.token).toEqual({ max: 60, windowSeconds: 60 });
    const raised = loadConfig({ TOKEN_RATE_LIMIT: '600' }).limits;
    expect(raised.routes.token).toEqual({ max: 600, windowSeconds: 60 });
    expect({ ...raised.routes, token: DEFAULT_LIMITS.routes.token }).toEqual(DEFAULT_LIMITS.routes);
  });
});
