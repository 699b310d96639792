// S3's XML answers, as the embedded storage endpoint speaks them: the PostResponse of an upload
// and the Error document of a refusal (codes and statuses as S3's; messages in Spanish).
export class StorageRefusal extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const escape = (value: string) =>
  value.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

export function errorXml(refusal: StorageRefusal, resource: string, requestId: string): string {
  return `${XML_HEAD}<Error><Code>${escape(refusal.code)}</Code><Message>${escape(refusal.message)}</Message><Resource>${escape(resource)}</Resource><RequestId>${escape(requestId)}</RequestId></Error>`;
}

export function postResponseXml(location: string, bucket: string, key: string, etag: string): string {
  return `${XML_HEAD}<PostResponse><Location>${escape(location)}</Location><Bucket>${escape(bucket)}</Bucket><Key>${escape(key)}</Key><ETag>${escape(`"${etag}"`)}</ETag></PostResponse>`;
}
