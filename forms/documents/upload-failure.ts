// Why a document call failed, as the upload statechart reads it (services/documents.ts makes it):
// the stage that failed, whether the answer was a refusal (its message is shown as the rejection,
// e.g. a wrong template) or a failure (retry), and the server's Spanish message when it gave one.
export type UploadStage = 'signing' | 'upload' | 'ocr';

export class UploadFailure extends Error {
  constructor(
    readonly stage: UploadStage,
    readonly refused: boolean,
    readonly serverMessage: string | null,
  ) {
    super(serverMessage ?? `${stage} failed`);
    this.name = 'UploadFailure';
  }
}
