// What an upload area renders of its statechart (machines/upload.ts), read as narrow slices.
import type { SnapshotFrom } from 'xstate';
import type { uploadMachine } from '../../machines/upload';

type Snapshot = SnapshotFrom<typeof uploadMachine>;

/** Where the area stands, as the preview shows it. */
export type UploadPhase = 'idle' | 'uploading' | 'reading' | 'filled' | 'rejected' | 'failed';

export function selectPhase(s: Snapshot): UploadPhase {
  if (s.matches('checking') || s.matches('signing') || s.matches('uploading')) return 'uploading';
  if (s.matches('reading')) return 'reading';
  if (s.matches('filled')) return 'filled';
  if (s.matches('rejected')) return 'rejected';
  if (s.matches('failed')) return 'failed';
  return 'idle';
}

export const selectBusy = (s: Snapshot) => s.hasTag('busy');
export const selectFile = (s: Snapshot) => s.context.file;
export const selectFormat = (s: Snapshot) => s.context.format;
export const selectUploadProgress = (s: Snapshot) => s.context.uploadProgress;
export const selectOcrProgress = (s: Snapshot) => s.context.ocrProgress;
export const selectResult = (s: Snapshot) => s.context.result;
export const selectMessage = (s: Snapshot) => s.context.message;
export const selectFailure = (s: Snapshot) => s.context.failure;
export const selectRefusedSecond = (s: Snapshot) => s.context.refusedSecond;
