// Checks an S3 POST Object form against its policy, as S3 and MinIO do (MinIO's checkPostPolicy,
// Supabase Storage's verifyPostPolicySignature): the SigV4 signature over the base64 policy, the
// credential and its scope, the expiration, every condition ('eq', 'starts-with', the exact-match
// object form, 'content-length-range'), and no form field the policy does not name. The length is
// checked by the caller while the file streams (`lengthRange`).
import { parseAmzDate, parseCredential, sameSignature, signHex, signingKey, SIGV4_ALGORITHM } from './sigv4';
import { StorageRefusal } from './s3-xml';

export interface PolicyCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface AcceptedPost {
  key: string;
  /** Inclusive bounds of the file's length; [0, Infinity] when the policy sets none. */
  lengthRange: [number, number];
  successActionStatus: 200 | 201 | 204;
}

/** Fields a form carries beside the policy's conditions (S3: policy, signature, file, x-ignore-*). */
const exempt = (name: string) => name === 'policy' || name === 'x-amz-signature' || name === 'file' || name.startsWith('x-ignore-');

/** Fields a policy may only name exactly (MinIO's startsWithConds, after S3). */
const EXACT_ONLY = new Set(['bucket', 'success_action_status', 'x-amz-algorithm', 'x-amz-credential', 'x-amz-date']);

const denied = (message: string) => new StorageRefusal(403, 'AccessDenied', message);
const invalid = (message: string) => new StorageRefusal(400, 'InvalidPolicyDocument', message);

type Condition = { op: 'eq' | 'starts-with'; field: string; value: string } | { op: 'content-length-range'; min: number; max: number };

function readConditions(raw: unknown): Condition[] {
  if (!Array.isArray(raw)) throw invalid('La política no tiene condiciones.');
  return raw.flatMap((item): Condition[] => {
    if (Array.isArray(item)) {
      const [op, first, second] = item as unknown[];
      if (typeof op !== 'string') throw invalid('Una condición de la política no es válida.');
      const name = op.toLowerCase();
      if (name === 'content-length-range') {
        const [min, max] = [Number(first), Number(second)];
        if (item.length !== 3 || !Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max < min) throw invalid('El rango de tamaño de la política no es válido.');
        return [{ op: 'content-length-range', min, max }];
      }
      if ((name === 'eq' || name === 'starts-with') && item.length === 3 && typeof first === 'string' && first.startsWith('$') && typeof second === 'string') {
        return [{ op: name, field: first.slice(1).toLowerCase(), value: second }];
      }
      throw invalid('Una condición de la política no es válida.');
    }
    if (item && typeof item === 'object') {
      const entries = Object.entries(item as Record<string, unknown>);
      if (entries.length !== 1 || typeof entries[0]![1] !== 'string') throw invalid('Una condición de la política no es válida.');
      return [{ op: 'eq', field: entries[0]![0].toLowerCase(), value: entries[0]![1] as string }];
    }
    throw invalid('Una condición de la política no es válida.');
  });
}

/**
 * The upload a form is allowed, or a StorageRefusal. `fields` are the form's fields before the
 * file, names lower-cased; `bucket` is the URL's.
 */
export function checkPostPolicy(bucket: string, fields: Map<string, string>, credentials: PolicyCredentials, now = new Date()): AcceptedPost {
  const policy = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  const credential = fields.get('x-amz-credential');
  const amzDate = fields.get('x-amz-date');
  const key = fields.get('key');
  if (!policy || !signature || !credential || !amzDate) throw new StorageRefusal(400, 'InvalidArgument', 'Faltan campos de la firma del formulario (Policy, X-Amz-Signature, X-Amz-Credential, X-Amz-Date).');
  if (fields.get('x-amz-algorithm') !== SIGV4_ALGORITHM) throw new StorageRefusal(400, 'InvalidArgument', 'Solo se acepta la firma AWS4-HMAC-SHA256.');
  if (!key) throw new StorageRefusal(400, 'InvalidArgument', 'Falta la clave del archivo (key).');

  const scope = parseCredential(credential);
  if (!scope || scope.service !== 's3' || !parseAmzDate(amzDate) || !amzDate.startsWith(scope.date)) {
    throw new StorageRefusal(400, 'AuthorizationQueryParametersError', 'La credencial de la firma no es válida.');
  }
  if (scope.accessKeyId !== credentials.accessKeyId) throw new StorageRefusal(403, 'InvalidAccessKeyId', 'La clave de acceso no existe en este almacenamiento.');
  if (scope.region !== credentials.region) throw new StorageRefusal(400, 'AuthorizationHeaderMalformed', 'La región de la firma no es la de este almacenamiento.');
  const expected = signHex(signingKey(credentials.secretAccessKey, scope.date, scope.region), policy);
  if (!sameSignature(expected, signature)) throw new StorageRefusal(403, 'SignatureDoesNotMatch', 'La firma del formulario no corresponde a su política.');

  let document: { expiration?: unknown; conditions?: unknown };
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8'));
  } catch {
    throw invalid('La política no es un documento JSON válido.');
  }
  const expiration = typeof document.expiration === 'string' ? new Date(document.expiration) : undefined;
  if (!expiration || Number.isNaN(expiration.getTime())) throw invalid('La política no tiene una fecha de expiración válida.');
  if (expiration.getTime() <= now.getTime()) throw denied('Invalid according to Policy: la política expiró.');

  const conditions = readConditions(document.conditions);
  const valueOf = (field: string) => (field === 'bucket' ? bucket : (fields.get(field) ?? ''));
  const named = new Set<string>(['bucket']);
  let lengthRange: [number, number] = [0, Number.POSITIVE_INFINITY];
  for (const condition of conditions) {
    if (condition.op === 'content-length-range') {
      lengthRange = [condition.min, condition.max];
      continue;
    }
    named.add(condition.field);
    if (condition.op === 'starts-with' && EXACT_ONLY.has(condition.field)) throw denied(`Invalid according to Policy: "${condition.field}" no admite la condición starts-with.`);
    const value = valueOf(condition.field);
    const holds = condition.op === 'eq' ? value === condition.value : value.startsWith(condition.value);
    if (!holds) throw denied(`Invalid according to Policy: la condición sobre "${condition.field}" no se cumple.`);
  }
  for (const name of fields.keys()) {
    if (!exempt(name) && !named.has(name)) throw denied(`Invalid according to Policy: el campo "${name}" no está en las condiciones de la política.`);
  }
  const status = fields.get('success_action_status');
  const successActionStatus = status === '200' || status === '201' ? (Number(status) as 200 | 201) : 204;
  return { key, lengthRange, successActionStatus };
}
