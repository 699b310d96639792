// Tries a start-up step again while it fails in a way that passes (the database not reachable yet,
// a deadlock between instances starting together), waiting longer each time.

export interface RetryOptions {
  /** Whether this failure is worth another try; the others are thrown at once. */
  retryable: (error: unknown) => boolean;
  /** Told before each wait (to log it). */
  onRetry: (error: unknown, waitMs: number, attempt: number) => void;
  /** Tries in all; unlimited when absent. */
  attempts?: number;
  firstWaitMs?: number;
  maxWaitMs?: number;
}

export async function retrying<T>(step: () => Promise<T>, { retryable, onRetry, attempts = Infinity, firstWaitMs = 1000, maxWaitMs = 30_000 }: RetryOptions): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (attempt >= attempts || !retryable(error)) throw error;
      const waitMs = Math.min(maxWaitMs, firstWaitMs * 2 ** (attempt - 1));
      onRetry(error, waitMs, attempt);
      await new Promise((resolve) => setTimeout(resolve, waitMs).unref());
    }
  }
}
