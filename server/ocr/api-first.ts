// The API before the OCR: while the event loop is busy answering (its utilisation over the last
// half second above BUSY), each read rests three times as long as the previous one took before it
// starts, so the OCR runs at most a quarter of the time beside a loaded API (resting twice as long
// left zc at 79-86 % in bench:ocr; three times, at 90-107 %). On this 2-CPU machine (two hardware
// threads) a read running beside the event loop slows it even at nice 10: the threads share a core.
import { performance } from 'node:perf_hooks';

const SAMPLE_MS = 500;
const BUSY = 0.6;
const MAX_REST_MS = 3000;
/** Rest for three times the last read: the OCR takes at most a quarter of the time from a loaded API. */
const REST_FACTOR = 3;

export interface ApiFirst {
  /** Resolves when a read may start. */
  turn(lastReadMs: number): Promise<void>;
  stop(): void;
}

export function apiFirst(): ApiFirst {
  let previous = performance.eventLoopUtilization();
  let utilisation = 0;
  const sampler = setInterval(() => {
    const now = performance.eventLoopUtilization();
    utilisation = performance.eventLoopUtilization(now, previous).utilization;
    previous = now;
  }, SAMPLE_MS);
  sampler.unref();
  return {
    async turn(lastReadMs) {
      if (utilisation < BUSY) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(MAX_REST_MS, Math.max(100, REST_FACTOR * lastReadMs))));
    },
    stop: () => clearInterval(sampler),
  };
}
