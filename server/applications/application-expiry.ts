// When an unfinished application expires: 30 calendar days after it was filled (spec 01 §4).
import { APPLICATION_VALID_MS } from '../../forms/limits';
import type { Application } from './application-tables';

export const isExpired = (application: Pick<Application, 'complete' | 'filled_at'>, now = Date.now()) =>
  !application.complete && now - new Date(application.filled_at).getTime() > APPLICATION_VALID_MS;
