// GET /health on the wire: liveness and whether the database answers.
import { mixed, number, object, string, type InferType } from 'yup';

export const healthAnswerSchema = object({
  /** 'stopping': the instance got SIGTERM and answers for SHUTDOWN_DRAIN_MS more, so a balancer takes it out first. */
  status: mixed<'ok' | 'starting' | 'error' | 'stopping'>().oneOf(['ok', 'starting', 'error', 'stopping']).required().meta({ openapi: { type: 'string' } }),
  database: mixed<'ready' | 'starting' | 'failed' | 'stuck'>().oneOf(['ready', 'starting', 'failed', 'stuck']).required().meta({ openapi: { type: 'string' } }),
  /** Only when the database is stuck: the error answer's fields. */
  statusCode: number().integer().optional(),
  code: string().optional(),
  message: string().optional(),
});
export type HealthAnswer = InferType<typeof healthAnswerSchema>;
