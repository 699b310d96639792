// Fails the test (or, for an answer sent in a file's own setup, the file) during which a test server
// sent an answer its OpenAPI document does not describe (tests/api/support/answer-check.ts).
import { afterAll, afterEach } from 'vitest';
import { takeAnswerViolations } from './answer-check';

function failOnViolations() {
  const found = takeAnswerViolations();
  if (found.length > 0) throw new Error(`Answers that do not match the OpenAPI document:\n${found.join('\n')}`);
}

afterEach(failOnViolations);
afterAll(failOnViolations);
