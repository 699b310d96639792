// An upload area of a wizard tab (spec 01 §2 'Global behaviour', issue 15): the identity document,
// the Constancia de situación fiscal or the proof of address, shown per the editable level. A file
// chosen (by the button, the keyboard, or dropped onto the area) runs the upload statechart
// (machines/upload.ts); its preview shows the name, the size and the progress, and once read the
// fields it filled, marked, with 'Deshacer' to give back what was there.
import { Button, Callout, Card, Intent, ProgressBar } from '@blueprintjs/core';
import { Camera, Cross, Document, Refresh, Undo, Upload } from '@blueprintjs/icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState, type DragEvent } from 'react';
import { useForm } from 'react-final-form';
import type { DocumentType } from '../../forms/contracts/documents';
import { formatFileSize } from '../../forms/documents/file-format';
import { FILE_MAX_MB } from '../../forms/limits';
import { dateTimeText } from '../../forms/date-time-text';
import { filledBy, planOcrFill, planOcrUndo, type FillTarget } from '../../forms/documents/ocr-fill';
import { uploadAreasShown, type EditableLevel } from '../../forms/locking';
import { NOTICES, ocrFilledSummary } from '../../forms/messages';
import { uploadMachine } from '../../machines/upload';
import { uploadActors } from '../../services/documents';
import { useEditableLevel } from '../components/fields/form-lock';
import { useRuntime } from '../session/runtime-context';
import { fillArea, useOcrFill } from './ocr-marks';
import {
  selectBusy,
  selectFailure,
  selectFile,
  selectFormat,
  selectMessage,
  selectOcrProgress,
  selectPhase,
  selectRefusedSecond,
  selectResult,
  selectUploadProgress,
} from './upload-selectors';
import { useDocumentReceived, useStoredDocument, useUploadOwner } from './upload-owner';

/**
 * What each area asks for (its visible label). None contains another field's label: the ID's is not
 * 'Identificación oficial…', which would make that select's label ambiguous.
 */
export const UPLOAD_AREA_LABELS: Record<DocumentType, string> = {
  identification: 'Credencial para votar (INE o IFE)',
  tax: 'Constancia de situación fiscal',
  address: 'Comprobante de domicilio (CFE o TELMEX)',
};

const ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';

export interface UploadAreaProps {
  type: DocumentType;
  /** Where the read fills. */
  target: FillTarget;
  /** The statechart to run; the real calls by default (tests give fakes). */
  machine?: typeof uploadMachine;
}

export function UploadArea(props: UploadAreaProps) {
  const level = useEditableLevel();
  const uuid = useUploadOwner();
  if (!uploadAreasShown(level)[props.type]) return null;
  // A new application (its first save) uploads under its uuid from then on.
  return <UploadAreaShown key={uuid ?? 'nueva'} {...props} level={level} uuid={uuid} />;
}

/** 'PNG', 'PDF'… as people name a file's kind. */
const FORMAT_NAMES: Record<string, string> = { 'image/jpeg': 'JPG', 'image/png': 'PNG', 'image/webp': 'WebP', 'application/pdf': 'PDF' };

function UploadAreaShown({ type, target, machine, level, uuid }: UploadAreaProps & { level: EditableLevel; uuid: string | null }) {
  const { http } = useRuntime();
  const form = useForm();
  const { changes: fill, record: recordFill } = useOcrFill(fillArea(target));
  const provided = useMemo(() => machine ?? uploadMachine.provide({ actors: uploadActors(http) }), [machine, http]);
  const actor = useActorRef(provided, { input: { type, uuid } });
  const phase = useSelector(actor, selectPhase);
  const busy = useSelector(actor, selectBusy);
  const file = useSelector(actor, selectFile);
  const format = useSelector(actor, selectFormat);
  const uploadProgress = useSelector(actor, selectUploadProgress);
  const ocrProgress = useSelector(actor, selectOcrProgress);
  const result = useSelector(actor, selectResult);
  const message = useSelector(actor, selectMessage);
  const failure = useSelector(actor, selectFailure);
  const refusedSecond = useSelector(actor, selectRefusedSecond);
  const inputRef = useRef<HTMLInputElement>(null);
  const atStart = useRef<unknown>(null);
  const filledFrom = useRef<unknown>(null);
  const [note, setNote] = useState<string | null>(null);
  const id = useId();
  const stored = useStoredDocument(type);
  const received = useDocumentReceived();
  const areaRef = useRef<HTMLDivElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  // Whether the person's focus is in the area: a control that goes away or is disabled under it
  // (the chooser while a file is on its way, Cancelar once it is read) hands it on within the area.
  const focusInside = useRef(false);
  const fillComing = useRef(false);

  // Once read, the fields fill (never a locked one, nor one typed since the upload started).
  useEffect(() => {
    if (phase !== 'filled' || !result || filledFrom.current === result) return;
    filledFrom.current = result;
    // Stored and read: shown again later (another tab and back), the area says it was received.
    if (file && format) received?.({ type, format, size: file.size, uploaded_at: new Date().toISOString() });
    const changes = planOcrFill(target, result, { level, atStart: atStart.current, now: form.getState().values });
    form.batch(() => changes.forEach((change) => form.change(change.path, change.value)));
    // A read that fills nothing leaves the marks (and the undo) of the area's previous fill.
    if (changes.length > 0) recordFill(changes);
    fillComing.current = changes.length > 0;
  }, [phase, result, target, level, form, recordFill, file, format, type, received]);

  const hasFill = fill !== null;
  useEffect(() => {
    const active = document.activeElement as HTMLElement | null;
    // Nowhere, on a disabled control, or on the hidden file input (which a chooser may leave it on).
    const lost = !active || active === document.body || active === inputRef.current || (areaRef.current?.contains(active) && (active as HTMLButtonElement).disabled);
    // The read's fill is recorded, and Deshacer shown, in the next render: the focus waits for it.
    const fillAwaited = fillComing.current && !hasFill;
    if (hasFill) fillComing.current = false;
    if (!focusInside.current || !lost) return;
    if (busy) cancelRef.current?.focus();
    else if (hasFill) undoRef.current?.focus();
    else if (!fillAwaited) chooseRef.current?.focus();
  }, [busy, phase, hasFill]);

  const choose = (files: FileList | null | undefined) => {
    if (!files || files.length === 0) return;
    if (files.length > 1) {
      setNote(NOTICES.uploadOneAtATime);
      return;
    }
    setNote(busy ? NOTICES.uploadOneAtATime : null);
    if (!busy) atStart.current = form.getState().values;
    actor.send({ type: 'file.chosen', file: files[0]! });
  };

  const undo = () => {
    if (!fill) return;
    const restore = planOcrUndo(fill, form.getState().values);
    form.batch(() =>
      restore.forEach(({ path, value }) => {
        form.change(path, value);
        // A field given back its emptiness is as the person left it: not yet flagged as required.
        if ((value === null || value === undefined || value === '') && form.getFieldState(path)) form.resetFieldState(path);
      }),
    );
    recordFill([]);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    choose(event.dataTransfer?.files);
  };

  const label = UPLOAD_AREA_LABELS[type];
  const statusId = `${id}-estado`;
  const uploadingNow = phase === 'uploading';
  const reading = phase === 'reading';
  const failureMessage = message ?? (failure === 'ocr' ? NOTICES.ocrError : NOTICES.uploadFailed);

  return (
    <Card
      ref={areaRef}
      className="upload-area"
      data-upload-zone
      onFocus={() => (focusInside.current = true)}
      onBlur={(event) => {
        // Focus gone to nowhere because its control was disabled or removed under it is still the area's;
        // gone elsewhere, or to nowhere from a control still there (a click on the page), it is not.
        const control = event.target as HTMLElement & { disabled?: boolean };
        const lostUnderIt = !event.relatedTarget && (!control.isConnected || control.disabled === true);
        if (!lostUnderIt && !(event.relatedTarget && event.currentTarget.contains(event.relatedTarget))) focusInside.current = false;
      }}
      role="group"
      aria-labelledby={`${id}-titulo`}
      onDragOver={(event) => event.preventDefault()}
      onDrop={onDrop}
    >
      <div className="upload-area-head">
        <label id={`${id}-titulo`} htmlFor={`${id}-archivo`} className="upload-area-title">
          {label}
        </label>
        <span className="upload-area-hint">JPG, PNG, WebP o PDF, hasta {FILE_MAX_MB} MB. Arrastra el archivo aquí o elígelo.</span>
      </div>
      <input
        ref={inputRef}
        id={`${id}-archivo`}
        className="sr-only"
        type="file"
        tabIndex={-1}
        accept={ACCEPT}
        capture={type === 'identification' ? 'environment' : undefined}
        onChange={(event) => {
          choose(event.currentTarget.files);
          // The same file may be chosen again after a rejection.
          event.currentTarget.value = '';
        }}
      />
      <div className="upload-area-actions">
        <Button
          ref={chooseRef}
          icon={type === 'identification' ? <Camera /> : <Upload />}
          text="Elegir archivo"
          aria-describedby={`${id}-titulo`}
          disabled={busy}
          onClick={() => inputRef.current?.click()}
        />
        {(busy || phase === 'failed' || phase === 'rejected') && (
          <Button ref={cancelRef} icon={<Cross />} text="Cancelar" variant="minimal" onClick={() => actor.send({ type: 'upload.cancel' })} />
        )}
      </div>
      {!file && stored && (
        // Opened again (on this device or another): what was already received, so it is not sent twice.
        <p className="upload-area-stored" role="note">
          <Document />
          Ya recibimos este documento el {dateTimeText(stored.uploaded_at)} ({FORMAT_NAMES[stored.format] ?? stored.format},{' '}
          {formatFileSize(stored.size)}). Sube otro solo si necesitas reemplazarlo.
        </p>
      )}
      {file && (
        <div className="upload-area-preview">
          <p className="upload-area-file">
            <Document /> <span>{file.name}</span> <span className="upload-area-size">{formatFileSize(file.size)}</span>
          </p>
          <p id={statusId} role="status" className="upload-area-status">
            {uploadingNow && NOTICES.uploading}
            {reading && NOTICES.ocrReading}
          </p>
          {uploadingNow && <ProgressBar value={uploadProgress / 100} intent={Intent.PRIMARY} aria-labelledby={statusId} stripes={false} />}
          {reading && <ProgressBar value={ocrProgress / 100} intent={Intent.PRIMARY} aria-labelledby={statusId} />}
        </div>
      )}
      {phase === 'filled' && (
        <Callout intent={Intent.SUCCESS} role="status" className="upload-area-outcome">
          <ProgressBar value={1} intent={Intent.SUCCESS} stripes={false} animate={false} aria-label={message ?? NOTICES.ocrSuccess} />
          <p>{message}</p>
        </Callout>
      )}
      {fill && (
        <div className="upload-area-fill" role="status">
          <p>{ocrFilledSummary(filledBy(fill).length, fill.some((change) => change.uncertain))}</p>
          <Button ref={undoRef} icon={<Undo />} text="Deshacer" onClick={undo} />
        </div>
      )}
      {phase === 'rejected' && (
        <Callout intent={Intent.DANGER} role="alert" className="upload-area-outcome">
          {message}
        </Callout>
      )}
      {phase === 'failed' && (
        <Callout intent={Intent.DANGER} role="alert" className="upload-area-outcome">
          <p>{failureMessage}</p>
          <Button icon={<Refresh />} text="Reintentar" onClick={() => actor.send({ type: 'upload.retry' })} />
        </Callout>
      )}
      {(note || (busy && refusedSecond)) && (
        <p role="alert" className="upload-area-note">
          {note ?? NOTICES.uploadOneAtATime}
        </p>
      )}
    </Card>
  );
}
