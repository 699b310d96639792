// The rate-limit group of each route worth abusing (server/rate-limits.ts counts them; the API
// document lists their 429).
import type { LimitGroup } from './limit-settings';

// First match wins; "METHOD /full/path" as Fastify registers it.
const GROUPS: [LimitGroup, RegExp][] = [
  ['token', /^POST \/api\/oauth\/token$/],
  ['staffSignIn', /^POST \/staff\/login$/],
  ['pldReload', /^POST \/api\/pld\/lists\/reload$/],
  ['pld', /^[A-Z]+ \/api\/(pld\/|blacklist)/],
  ['duplicateCheck', /^POST \/api\/(persons\/fbrfc|wizardpm\/avalfbrfc)$/],
  ['removal', /^DELETE \/api\//],
  ['save', /^(POST|PUT) \/api\/wizard(pf|pfae|pm)(\/:uuid)?$/],
  ['print', /^(GET|HEAD) \/api\/wizard(pf|pfae|pm)\/print\//],
  ['signature', /^POST \/api\/wizard(pf|pfae|pm)\/firma\//],
  ['documents', /^(GET|HEAD) \/api\/(aws\/(signed-url|documents\/)|wizard(pf|pfae|pm)\/documentos\/)/],
  ['ocr', /^POST \/api\/aws\/ocr$/],
  ['lookup', /^(GET|HEAD) \/api\/.*:(uuid|guarantor)\b/],
];

export function limitGroupOf(method: string, url: string): LimitGroup | undefined {
  return GROUPS.find(([, pattern]) => pattern.test(`${method} ${url}`))?.[0];
}
