// The OCR's rate-limit group: each read costs about a second of a worker, its polls nothing.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../../server/limit-settings';
import { limitGroupOf } from '../../../server/limit-groups';

describe("the 'ocr' limit group", () => {
  it('counts the reads started, not the polls of a job', () => {
    expect(limitGroupOf('POST', '/api/aws/ocr')).toBe('ocr');
    expect(limitGroupOf('GET', '/api/aws/ocr/:job')).toBeUndefined();
    expect(DEFAULT_LIMITS.routes.ocr).toEqual({ max: 20, windowSeconds: 60 });
  });
});
