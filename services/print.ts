// The print calls of spec 02 §7: the record with its packet, and the packet as a PDF; and the
// print statechart's actors that make them (machines/print.ts).
import type { AxiosInstance } from 'axios';
import { fromPromise } from 'xstate';
import type { WizardCode } from '../forms/contracts/application';
import { PrintLoadError, type PrintAnswer } from '../forms/contracts/print';
import { callFailure } from './http';

export interface PrintTarget {
  code: WizardCode;
  uuid: string;
}

const printPath = ({ code, uuid }: PrintTarget) => `/${code}/print/cliente/${encodeURIComponent(uuid)}`;

/** A failed print call as the print statechart reads it: 404 and 403 (not found, not this session's to print) are 'not found'. */
const printFailure = (error: unknown) => {
  const { status, message } = callFailure(error);
  if (status === 403) return new PrintLoadError('not found', message ?? null);
  return new PrintLoadError(status === 404 ? 'not found' : 'failed');
};

export async function fetchPrint(http: AxiosInstance, target: PrintTarget): Promise<PrintAnswer> {
  try {
    return (await http.get<PrintAnswer>(printPath(target))).data;
  } catch (error) {
    throw printFailure(error);
  }
}

export const fetchPrintPdf = async (http: AxiosInstance, target: PrintTarget) =>
  (await http.get<Blob>(`${printPath(target)}/pdf`, { responseType: 'blob' })).data;

/**
 * The print statechart's call actors: the packet's load, and the PDF's download, handed to `save`
 * (the page's way of keeping a file) under the name `solicitud-{uuid}.pdf`.
 */
export const printCallActors = (http: AxiosInstance, save: (pdf: Blob, name: string) => void) => ({
  'fetch packet': fromPromise<PrintAnswer, PrintTarget>(({ input }) => fetchPrint(http, input)),
  'download pdf': fromPromise<void, PrintTarget>(async ({ input }) => save(await fetchPrintPdf(http, input), `solicitud-${input.uuid}.pdf`)),
});
