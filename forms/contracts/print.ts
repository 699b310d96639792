// The print calls of spec 02 §7: GET /{code}/print/cliente/{uuid} answers the record (`data.data`)
// and its packet laid out as blocks (forms/print/packet-model.ts), which the print views render;
// GET /{code}/print/cliente/{uuid}/pdf answers the same packet as a PDF.
import { array, boolean, mixed, object, string, type InferType } from 'yup';
import type { Block, Packet } from '../print/packet-model';

const kind = (name: Block['kind']) => string().oneOf([name]).required();
const texts = () => array(string().defined()).required();

const blockSchemas = [
  object({ kind: kind('heading'), text: string().defined() }),
  object({ kind: kind('fields'), rows: array(object({ label: string().defined(), value: string().defined(), wide: boolean().optional() })).required() }),
  object({ kind: kind('table'), columns: texts(), rows: array(texts()).required() }),
  object({ kind: kind('paragraph'), runs: array(object({ text: string().defined(), bold: boolean().optional() })).required() }),
  object({ kind: kind('checkboxes'), options: texts() }),
  object({ kind: kind('signatures'), signers: texts() }),
];

export const packetSchema = object({
  title: string().defined(),
  forms: array(
    object({
      header: object({
        title: string().defined(),
        code: string().defined(),
        revision: string().defined(),
        issued: string().defined(),
        company: string().defined(),
      }),
      blocks: array(mixed<Block>().meta({ anyOf: blockSchemas }).required()).required(),
    }),
  ).required(),
});

/** GET /{code}/print/cliente/{uuid}: the record as printed (a PM with its guarantors' models, none for staff) and its packet. */
export const printAnswerSchema = object({
  data: object({
    data: mixed<Record<string, unknown>>().meta({ openapi: { type: 'object', description: 'the record; a PM carries its printed guarantors in `avales`' } }),
  }),
  packet: packetSchema,
});
export type PrintAnswer = Omit<InferType<typeof printAnswerSchema>, 'packet'> & { packet: Packet };

/** The print views' modal title (spec 02 §2), and the server's answer when no client record has the uuid. */
export const CLIENT_NOT_FOUND = 'Cliente no encontrado';
export const CLIENT_NOT_FOUND_TEXT = 'No se encontró el cliente: asegúrate de que el código sea correcto.';

/**
 * Why a print call failed: not found and refused show 'Cliente no encontrado', with the server's
 * reason for a refusal (`refusal`); anything else can be retried.
 */
export class PrintLoadError extends Error {
  constructor(
    readonly reason: 'not found' | 'failed',
    readonly refusal: string | null = null,
  ) {
    super(reason);
  }
}
