// The documents of an application, for staff (issue 15): what was uploaded, by whom and when,
// each opening in a new tab. Loaded when the section is opened (GET /{code}/documentos/{uuid}).
import { Button, Callout, Spinner } from '@blueprintjs/core';
import { ChevronDown, ChevronUp, Refresh } from '@blueprintjs/icons';
import { useCallback, useEffect, useId, useState } from 'react';
import type { WizardCode } from '../../forms/contracts/application';
import type { DocumentListAnswer, DocumentType } from '../../forms/contracts/documents';
import { formatFileSize } from '../../forms/documents/file-format';
import { cellDateTimeText } from '../../forms/date-time-text';
import { fetchDocuments } from '../../services/documents';
import { useRuntime } from '../session/runtime-context';
import { RowTable, type RowColumn } from '../components/row-table';

type Listed = DocumentListAnswer['data'][number];

export const DOCUMENT_TYPE_NAMES: Record<DocumentType, string> = {
  identification: 'Identificación oficial',
  tax: 'Constancia de situación fiscal',
  address: 'Comprobante de domicilio',
};

const FORMAT_NAMES: Record<string, string> = { 'image/jpeg': 'JPG', 'image/png': 'PNG', 'image/webp': 'WebP', 'application/pdf': 'PDF' };

const NO_DOCUMENTS = 'Esta solicitud no tiene documentos.';

/** A row per document; below 600 px a card each (RowTable). */
const COLUMNS: RowColumn<Listed>[] = [
  { label: 'Documento', cell: (document) => `${DOCUMENT_TYPE_NAMES[document.type as DocumentType]}${document.template ? ` (${document.template})` : ''}` },
  { label: 'Formato', cell: (document) => FORMAT_NAMES[document.format] ?? document.format },
  { label: 'Tamaño', cell: (document) => formatFileSize(document.size) },
  { label: 'Subido por', cell: (document) => document.uploaded_by },
  { label: 'Fecha', cell: (document) => cellDateTimeText(document.uploaded_at) },
];

export function DocumentList({ code, uuid }: { code: WizardCode; uuid: string }) {
  const { http } = useRuntime();
  const [open, setOpen] = useState(false);
  const [documents, setDocuments] = useState<Listed[] | null>(null);
  const [failed, setFailed] = useState(false);
  const id = useId();

  const load = useCallback(() => {
    setFailed(false);
    setDocuments(null);
    fetchDocuments(http, code, uuid).then(setDocuments, () => setFailed(true));
  }, [http, code, uuid]);

  useEffect(() => {
    if (open) load();
  }, [open, load]);

  return (
    <section className="document-list" aria-labelledby={`${id}-titulo`}>
      <Button
        id={`${id}-titulo`}
        variant="minimal"
        endIcon={open ? <ChevronUp /> : <ChevronDown />}
        aria-expanded={open}
        aria-controls={`${id}-contenido`}
        text="Documentos de la solicitud"
        onClick={() => setOpen((shown) => !shown)}
      />
      {open && (
        <div id={`${id}-contenido`}>
          {failed && (
            <Callout intent="danger" role="alert">
              No se pudieron consultar los documentos. <Button icon={<Refresh />} text="Reintentar" onClick={load} />
            </Callout>
          )}
          {!failed && documents === null && <Spinner size={20} aria-label="Cargando documentos" />}
          {documents?.length === 0 && <p>{NO_DOCUMENTS}</p>}
          {documents && documents.length > 0 && (
            <RowTable
              // Not named by the section's button: two regions of one name would say nothing apart.
              label="Tabla de documentos"
              className="document-table"
              columns={COLUMNS}
              rows={documents}
              rowKey={(document) => document.id}
              empty={NO_DOCUMENTS}
              busy={false}
              actions={(document) => (
                <a href={document.url} target="_blank" rel="noopener noreferrer">
                  Abrir<span className="sr-only"> {DOCUMENT_TYPE_NAMES[document.type as DocumentType]} (se abre en otra pestaña)</span>
                </a>
              )}
            />
          )}
        </div>
      )}
    </section>
  );
}
